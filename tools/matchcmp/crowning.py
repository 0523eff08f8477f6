"""Where a match's games are decided: who crowned first, and the position when both sides had kings.

Usage: python3 crowning.py [--bin SHASHKI [--egtb FILE] [--movetime MS] [--before K]
                           [--tables DIR --pieces N]] GAMES.pdn [MORE.pdn ...]

Reads the PDN that `shashki match --pdn FILE` writes (algebraic moves: Czech and Russian) and
counts, for A's wins, draws and losses, which side crowned first. With `--bin`, the position
after the first move that leaves a king on each side is searched by that build (`bestmove
--movetime`, which plays Hard, Hard's contempt included: a draw it finds reads as 40 for the side
not to move at the root) and the score is reported from A's side, with the quartiles per result.
`--before K` also scores, for the games where B crowned first, the position K plies before
that crowning. `--tables DIR --pieces N` probes (`shashki probe`) the first position of each
game with at most N pieces on the board in the endgame tables of DIR: whether the game was
still to be won or lost when it got there. Replaying needs no rules beyond the notation: a
capture removes the one piece between each pair of landing squares, and a man that reaches the
far row is a king.
"""

import argparse
import collections
import re
import subprocess


def square(name):
    return ord(name[0]) - ord("a"), int(name[1]) - 1


ALGEBRAIC = r"[a-h][1-8]([-:][a-h][1-8])+"


def read_games(path, move=ALGEBRAIC):
    """Each game's tags and the moves that match `move` (algebraic by default: Czech, Russian)."""
    text = open(path, encoding="utf-8").read()
    for chunk in re.split(r"\n(?=\[Event)", text):
        tags = dict(re.findall(r'\[(\w+) "([^"]*)"\]', chunk))
        body = re.sub(r"\{[^}]*\}", "", re.sub(r"\[[^\]]*\]", "", chunk))
        moves = [t for t in body.split() if re.fullmatch(move, t)]
        if tags:
            yield tags, moves


def boards(moves):
    """The board after each move: {(x, y): 'w' | 'W' | 'b' | 'B'} (men lower case)."""
    board = {}
    for y in range(8):
        for x in range(8):
            if (x + y) % 2 == 0 and y != 3 and y != 4:
                board[(x, y)] = "w" if y < 3 else "b"
    after = []
    for move in moves:
        path = [square(s) for s in re.split("[-:]", move)]
        piece = board.pop(path[0])
        if ":" in move:
            for a, c in zip(path, path[1:]):
                dx, dy = (1 if c[0] > a[0] else -1), (1 if c[1] > a[1] else -1)
                x, y = a[0] + dx, a[1] + dy
                while (x, y) != c:
                    board.pop((x, y), None)
                    x, y = x + dx, y + dy
        far = 7 if piece == "w" else 0
        if piece in "wb" and any(p[1] == far for p in path[1:]):
            piece = piece.upper()
        board[path[-1]] = piece
        after.append(dict(board))
    return after


def fen(board, to_move):
    """The FEN of a board with `to_move` ('W' or 'B') to move, squares in algebraic form."""
    def side(men, king):
        return ",".join(("K" if p == king else "") + "abcdefgh"[x] + str(y + 1)
                        for (x, y), p in sorted(board.items()) if p in men + king)
    return f"{to_move}:W{side('w', 'W')}:B{side('b', 'B')}"


def result_for_a(tags, a):
    r = tags.get("Result", "")
    if r in ("1-1", "1/2-1/2"):
        return "draw"
    white_won = r.startswith("2") or r == "1-0"
    return "win" if white_won == (a == "w") else "loss"


def score_for_a(args, moves, n, a):
    """The build's score, from A's side, of the position after the first `n` moves."""
    cmd = [args.bin, "bestmove", "--variant", args.variant, "--movetime", args.movetime,
           "--moves", " ".join(moves[:n])]
    if args.egtb:
        cmd += ["--egtb", args.egtb]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    word = out.split("score ")[1].split()[0]
    score = {"win": 10000, "loss": -10000}.get(word)
    score = int(word) if score is None else score
    a_to_move = (n % 2 == 0) == (a == "w")
    return score if a_to_move else -score


def probe_for_a(args, board, n, a):
    """The tables' verdict, from A's side ('win', 'draw', 'loss'), on `board` after `n` moves."""
    to_move = "W" if n % 2 == 0 else "B"
    cmd = [args.bin, "probe", "--variant", args.variant, "--fen", fen(board, to_move),
           "--dir", args.tables]
    word = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout.split()[0]
    if word == "draw" or to_move.lower() == a:
        return word
    return {"win": "loss", "loss": "win"}[word]


def spread(s):
    """How many scores are within a man of level, a man or more for A, for B."""
    level = sum(1 for x in s if abs(x) < 100)
    return (f"within a man of level {level}, A a man up {sum(1 for x in s if x >= 100)}, "
            f"B a man up {sum(1 for x in s if x <= -100)}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pdn", nargs="+")
    ap.add_argument("--bin")
    ap.add_argument("--egtb")
    ap.add_argument("--variant", default="czech")
    ap.add_argument("--movetime", default="300")
    ap.add_argument("--before", type=int)
    ap.add_argument("--tables")
    ap.add_argument("--pieces", type=int, default=5)
    args = ap.parse_args()
    if (args.before or args.tables) and not args.bin:
        ap.error("--before and --tables need --bin")
    first = collections.Counter()
    scores = collections.defaultdict(list)
    before = collections.defaultdict(list)
    verdicts = collections.Counter()
    for path in args.pdn:
        for tags, moves in read_games(path):
            a = "b" if tags.get("Black", "").startswith("A") else "w"
            o = "w" if a == "b" else "b"
            result = result_for_a(tags, a)
            positions = boards(moves)
            # The pieces after each move: {'w': men, 'W': kings, 'b': .., 'B': ..}.
            after = [collections.Counter(b.values()) for b in positions]
            crowned = {s: next((i for i, c in enumerate(after) if c[s.upper()]), None) for s in (a, o)}
            if crowned[a] is None and crowned[o] is None:
                who = "nobody"
            elif crowned[o] is None or (crowned[a] is not None and crowned[a] < crowned[o]):
                who = "A"
            else:
                who = "B"
            first[(result, who)] += 1
            both = next((i for i, c in enumerate(after) if c[a.upper()] and c[o.upper()]), None)
            if args.bin and both is not None:
                scores[result].append(score_for_a(args, moves, both + 1, a))
            if args.before and who == "B" and crowned[o] + 1 - args.before > 0:
                before[result].append(score_for_a(args, moves, crowned[o] + 1 - args.before, a))
            if args.tables:
                few = next((i for i, c in enumerate(after) if sum(c.values()) <= args.pieces), None)
                verdict = "never" if few is None else probe_for_a(args, positions[few], few + 1, a)
                verdicts[(result, verdict)] += 1
    for result in ("win", "draw", "loss"):
        counts = {w: first[(result, w)] for w in ("A", "B", "nobody")}
        print(f"{result}: {sum(counts.values())} games, first to crown: A {counts['A']}, "
              f"B {counts['B']}, nobody {counts['nobody']}")
        s = sorted(scores[result])
        if s:
            print(f"  at the first king on each side ({len(s)} games): A's score median {s[len(s) // 2]}, "
                  f"quartiles {s[len(s) // 4]}..{s[3 * len(s) // 4]}; {spread(s)}")
        if before[result]:
            print(f"  {args.before} plies before B's first king ({len(before[result])} games): "
                  f"{spread(before[result])}")
        if args.tables:
            v = {w: verdicts[(result, w)] for w in ("win", "draw", "loss", "never")}
            print(f"  at the first position with at most {args.pieces} pieces, the tables: A wins "
                  f"{v['win']}, draw {v['draw']}, A loses {v['loss']}; never that few {v['never']}")


if __name__ == "__main__":
    main()
