"""Thin wrapper around pydraughts' core engine (draughts.core.game.Game).

pydraughts' core/internal numbering is identical to ours: squares 1..32 left to right,
top row first, 1=b8, 5=a7, 29=a1; internal WHITE (2) moves up toward row of 1-4,
internal BLACK (1) moves down.  So we feed our FEN directly as a Hub FEN (no colour swap,
no mirroring).  The public draughts.Board API applies rotations (russian: vertical flip +
algebraic; english: n->33-n plus colour swap) which we bypass.
"""
import draughts.core.game as _dg
from draughts.core.game import Game

# Speed-up only: fen_to_variant is used by Game purely for draw/repetition bookkeeping
# (last_non_reversible_fen); it has no influence on move generation.  It is ~60% of the run time.
_dg.fen_to_variant = lambda fen, variant=None, to_algebraic=None: fen


def our_fen_to_hub(fen):
    side, w, b = fen.split(':')
    assert w[0] == 'W' and b[0] == 'B'
    sq = ['e'] * 33
    for col, part in (('w', w[1:]), ('b', b[1:])):
        for tok in filter(None, part.split(',')):
            k = tok[0] == 'K'
            n = int(tok[1:] if k else tok)
            assert sq[n] == 'e', fen
            sq[n] = col.upper() if k else col
    return side.upper() + ''.join(sq[1:])


def hub_to_our_fen(h):
    w = [('K' if c == 'W' else '') + str(i + 1) for i, c in enumerate(h[1:]) if c in 'wW']
    b = [('K' if c == 'B' else '') + str(i + 1) for i, c in enumerate(h[1:]) if c in 'bB']
    return f"{h[0]}:W{','.join(w)}:B{','.join(b)}"


def children(variant, hub):
    """Yield (key, path, child_hub) for each legal move as pydraughts lists it."""
    g = Game(variant, hub)
    moves, caps = g.legal_moves()
    for mv, cp in zip(moves, caps):
        g2 = Game(variant, hub)
        was_king = hub[mv[0][0]].isupper()
        g2.push(mv)
        ch = g2.get_fen()
        frm, to = mv[0][0], mv[-1][1]
        promoted = (not was_king) and ch[to].isupper()
        capset = frozenset(c for c in cp if c is not None)
        yield (frm, to, capset, promoted), [frm] + [s[1] for s in mv], ch


def crown_row(hub, sq):
    return range(1, 5) if hub[0] == 'W' else range(29, 33)


def legal(variant, hub):
    """List of (key, path, mv) for pydraughts' legal moves, without playing them."""
    g = Game(variant, hub)
    moves, caps = g.legal_moves()
    out = []
    crown = range(1, 5) if hub[0] == 'W' else range(29, 33)
    for mv, cp in zip(moves, caps):
        path = [mv[0][0]] + [s[1] for s in mv]
        was_king = hub[path[0]].isupper()
        promoted = (not was_king) and any(s in crown for s in path[1:])
        capset = frozenset(c for c in cp if c is not None)
        out.append(((path[0], path[-1], capset, promoted), path, mv))
    return out


def play(variant, hub, mv):
    g = Game(variant, hub)
    g.push(mv)
    return g.get_fen()


class Perft:
    def __init__(self, variant, distinct=True):
        self.variant = variant
        self.distinct = distinct
        self.memo = {}

    def __call__(self, hub, depth):
        if depth == 0:
            return 1
        k = (hub, depth)
        if k in self.memo:
            return self.memo[k]
        ms = legal(self.variant, hub)
        if self.distinct:
            seen = {}
            for key, path, mv in ms:
                seen.setdefault(key, mv)
            ms = [(key, None, mv) for key, mv in seen.items()]
        if depth == 1:
            n = len(ms)
        else:
            n = 0
            for key, _, mv in ms:
                n += self(play(self.variant, hub, mv), depth - 1)
        self.memo[k] = n
        return n
