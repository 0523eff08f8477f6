"""Small independent reference move generator (NOT pydraughts), used only to sanity-check pydraughts.
Our conventions: 1=b8 ... 32=g1, White at bottom moving up."""

def sq_xy(n):
    r = (n - 1) // 4
    x = 2 * ((n - 1) % 4) + (1 if r % 2 == 0 else 0)
    return x, r

XY = {sq_xy(n): n for n in range(1, 33)}
# Rule switches, only used to check that test positions are sensitive to these rules.
TURKISH_STRIKE = True   # captured pieces stay on the board (as blockers) until the move ends
LANDING_RULE = True     # Russian king must land on a square that continues the capture if possible

DIRS = [(-1, -1), (1, -1), (-1, 1), (1, 1)]  # (dx, dy); dy=-1 is up (toward row of 1-4)


def step(n, d, k=1):
    x, y = sq_xy(n)
    return XY.get((x + d[0] * k, y + d[1] * k))


def parse(fen):
    side, w, b = fen.split(':')
    board = {}
    for col, part in (('w', w[1:]), ('b', b[1:])):
        for tok in filter(None, part.split(',')):
            k = tok[0] == 'K'
            board[int(tok[1:] if k else tok)] = col.upper() if k else col
    return side.lower(), board


def unparse(side, board):
    w = [('K' if board[n] == 'W' else '') + str(n) for n in sorted(board) if board[n] in 'wW']
    b = [('K' if board[n] == 'B' else '') + str(n) for n in sorted(board) if board[n] in 'bB']
    return f"{side.upper()}:W{','.join(w)}:B{','.join(b)}"


def gen(variant, side, board):
    """Return list of (from, to, frozenset(captured), promoted, resulting_board)."""
    me = side
    crown = range(1, 5) if me == 'w' else range(29, 33)
    fwd = -1 if me == 'w' else 1
    caps = []

    def empty(n, start, captured):
        return n not in board or n == start or (not TURKISH_STRIKE and n in captured)

    def enemy(n):
        p = board.get(n)
        return p is not None and p.lower() != me

    def dfs(start, cur, king, captured, path_promoted):
        # captured: tuple of squares (pieces remain on board as blockers)
        found = False
        for d in DIRS:
            if not king and variant == 'english' and d[1] != fwd:
                continue
            if king and variant == 'russian':
                # flying: scan
                k = 1
                s = step(cur, d, k)
                while s is not None and empty(s, start, captured):
                    k += 1; s = step(cur, d, k)
                if s is None or not enemy(s) or s in captured:
                    continue
                land = []
                k2 = k + 1
                t = step(cur, d, k2)
                while t is not None and empty(t, start, captured):
                    land.append(t); k2 += 1; t = step(cur, d, k2)
                if not land:
                    continue
                # landing rule: prefer landings that continue
                cont = []
                results = []
                for L in land:
                    sub = []
                    ok = dfs_collect(start, L, True, captured + (s,), path_promoted, sub)
                    results.append((L, sub))
                cont = [(L, sub) for L, sub in results if sub]
                if cont and LANDING_RULE:
                    use = cont
                else:
                    use = [(L, sub if sub else [(L, captured + (s,), path_promoted)]) for L, sub in results]
                for L, sub in use:
                    for end, cp, pr in sub:
                        caps.append((start, end, cp, pr))
                found = True
            else:
                s = step(cur, d)
                t = step(cur, d, 2)
                if s is None or t is None or not enemy(s) or s in captured:
                    continue
                if not empty(t, start, captured):
                    continue
                found = True
                nk, pr = king, path_promoted
                if not king and t in crown:
                    nk, pr = True, True
                    if variant == 'english':
                        caps.append((start, t, captured + (s,), True))
                        continue
                sub = []
                dfs_collect(start, t, nk, captured + (s,), pr, sub)
                if sub:
                    caps.extend((start, e, c, p) for e, c, p in sub)
                else:
                    caps.append((start, t, captured + (s,), pr))
        return found

    def dfs_collect(start, cur, king, captured, pr, out):
        saved = len(caps)
        f = dfs(start, cur, king, captured, pr)
        new = caps[saved:]
        del caps[saved:]
        out.extend((e, c, p) for (_, e, c, p) in new)
        return f

    for n, p in list(board.items()):
        if p.lower() != me:
            continue
        dfs(n, n, p.isupper(), (), False)
    res = {}
    if caps:
        for frm, to, cp, pr in caps:
            key = (frm, to, frozenset(cp), pr)
            b2 = dict(board)
            pc = b2.pop(frm)
            for c in cp:
                del b2[c]
            b2[to] = pc.upper() if pr else pc
            res[key] = b2
    else:
        for n, p in board.items():
            if p.lower() != me:
                continue
            king = p.isupper()
            for d in DIRS:
                if not king and d[1] != fwd:
                    continue
                k = 1
                while True:
                    t = step(n, d, k)
                    if t is None or t in board:
                        break
                    pr = (not king) and t in crown
                    b2 = dict(board); del b2[n]; b2[t] = p.upper() if pr else p
                    res[(n, t, frozenset(), pr)] = b2
                    if not (king and variant == 'russian'):
                        break
                    k += 1
    return [(k, b) for k, b in res.items()], len(caps)


def perft(variant, fen, depth, memo=None):
    if memo is None:
        memo = {}
    side, board = parse(fen)
    return _perft(variant, side, board, depth, memo)


def _perft(variant, side, board, depth, memo):
    if depth == 0:
        return 1
    key = (side, frozenset(board.items()), depth)
    if key in memo:
        return memo[key]
    ms, _ = gen(variant, side, board)
    if depth == 1:
        n = len(ms)
    else:
        o = 'b' if side == 'w' else 'w'
        n = sum(_perft(variant, o, b2, depth - 1, memo) for _, b2 in ms)
    memo[key] = n
    return n


def board_str(fen):
    side, board = parse(fen)
    lines = []
    for r in range(8):
        row = ''
        for x in range(8):
            n = XY.get((x, r))
            row += '.' if n is None else (board.get(n, '_') if n in board else '_')
            row += ' '
        lines.append(f"{8-r} {row}")
    lines.append('  a b c d e f g h')
    return '\n'.join(lines)
