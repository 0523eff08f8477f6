"""Time to depth: how many nodes (and how long) builds need to search the same positions to a depth.

Usage: python3 ttd.py --bin OLD --bin NEW [--variant V] [--depth D] [--egtb FILE] [--hash MB]
                      [--plies 12,24] [--games N] GAMES.pdn [MORE.pdn ...]

A screen for search changes that should find the same moves with less work (move ordering,
windows, table layout): each position is searched by every build with `bestmove --depth D`
(no level, so no contempt). The positions are taken from match PDN files, after the given plies
of each of the first N games. Node counts are deterministic, so they are the figure to read;
times move with the machine's load. Prints each build's total nodes and time and, against the
first build, the ratio of the totals and the geometric mean of the per-position ratios (which
no single long search dominates). For a change that keeps the same nodes and only runs faster,
`--rounds R` searches every position R times, the builds taking turns, and prints the ratio of
the processes' CPU time (user + system, which the machine's load moves less than the clock) to
the first build's, round by round and their median. A change that alters what is searched
(reductions, pruning, evaluation) needs a match instead: fewer nodes to a depth says nothing
about a weaker tree.
"""

import argparse
import math
import re
import resource
import statistics
import subprocess

from crowning import read_games

# Algebraic (Czech, Russian) or numeric (English) moves.
ANY_NOTATION = r"([a-h][1-8]|\d+)([-:x]([a-h][1-8]|\d+))+"


def lines_from(paths, plies, games):
    """Move lists (space-separated) after `plies` of each of the first `games` games per file."""
    out = []
    for path in paths:
        for _, moves in list(read_games(path, ANY_NOTATION))[:games]:
            for p in plies:
                # A few moves left after the position: not a finished game.
                if len(moves) > p + 4:
                    out.append(" ".join(moves[:p]))
    return out


def search(binary, variant, moves, depth, egtb, hash_mb):
    cmd = [binary, "bestmove", "--variant", variant, "--moves", moves, "--depth", str(depth),
           "--hash", str(hash_mb)]
    if egtb:
        cmd += ["--egtb", egtb]
    before = cpu_seconds()
    run = subprocess.run(cmd, capture_output=True, text=True, check=True)
    cpu = cpu_seconds() - before
    text = run.stdout + run.stderr  # the time is on the `info` line, on stderr
    nodes = re.search(r"\bnodes (\d+)", text)
    ms = re.search(r"\btime (\d+)ms", text)
    if not nodes or not ms:
        raise SystemExit(f"{binary}: no nodes/time in {text!r}")
    return int(nodes.group(1)), int(ms.group(1)), cpu


def cpu_seconds():
    """CPU time (user + system) of the finished child processes so far."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", action="append", required=True, help="a shashki binary (first = reference)")
    ap.add_argument("--variant", default="czech")
    ap.add_argument("--depth", type=int, default=18)
    ap.add_argument("--egtb", default=None)
    ap.add_argument("--hash", type=int, default=16)
    ap.add_argument("--plies", default="12,24")
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--rounds", type=int, default=1, help="search everything this many times (CPU time)")
    ap.add_argument("pdn", nargs="+")
    a = ap.parse_args()
    plies = [int(p) for p in a.plies.split(",")]
    positions = lines_from(a.pdn, plies, a.games)
    if not positions:
        raise SystemExit("no positions: the PDN files hold no games that long")
    rounds = []
    for _ in range(max(1, a.rounds)):
        results = {b: [] for b in a.bin}
        for i, m in enumerate(positions):
            # The builds take turns going first, so a drift in the machine's speed falls on all.
            for b in a.bin[i % len(a.bin):] + a.bin[:i % len(a.bin)]:
                results[b].append(search(b, a.variant, m, a.depth, a.egtb, a.hash))
        rounds.append(results)
    results = rounds[0]
    ref = results[a.bin[0]]
    print(f"{len(positions)} positions, depth {a.depth}")
    for b in a.bin:
        r = results[b]
        nodes = sum(n for n, _, _ in r)
        ms = sum(t for _, t, _ in r)
        total = nodes / sum(n for n, _, _ in ref)
        geo = math.exp(sum(math.log(n / max(1, rn)) for (n, _, _), (rn, _, _) in zip(r, ref)) / len(r))
        print(f"{b}: nodes {nodes} time {ms} ms; against the first: total {total:.3f}, geometric mean {geo:.3f}")
    if a.rounds > 1:
        for b in a.bin[1:]:
            ratios = [sum(c for _, _, c in x[b]) / sum(c for _, _, c in x[a.bin[0]]) for x in rounds]
            shown = " ".join(f"{q:.3f}" for q in ratios)
            print(f"{b}: CPU time against the first, by round {shown}; median {statistics.median(ratios):.3f}")

if __name__ == "__main__":
    main()
