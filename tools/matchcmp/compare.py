#!/usr/bin/env python3
"""Compares two `shashki match --verbose` logs of the same openings (same --openings book and
--seed), opening pair by opening pair: how much more A scored in the first run than in the second,
with its 95 % interval.

Two builds played against one opponent on the same openings differ less from run to run than
two independent samples would: a drawish opening stays drawish whoever plays it. The pairs'
differences carry that, so the interval here is the one to read when asking "did the new build
score more than the old one on these games?".

Runs on several books compare book by book: give each side's logs as a comma-separated list in
the same order (NEW-a.log,NEW-b.log OLD-a.log,OLD-b.log), and all their pairs count together.

usage: compare.py NEW.log[,NEW2.log...] OLD.log[,OLD2.log...]
"""
import math
import re
import sys

LINE = re.compile(r"^game (\d+) A=(white|black) (Win \{ winner: (White|Black)|Draw)")
RECORD = re.compile(r"game \d+ A=")


def half_points(path):
    """A's half-points per game index (2 win, 1 draw, 0 loss).

    A line holding two game records means two processes wrote the file at once (two matches
    started with the same `2> LOG`): its games are not one run's, so the log is refused."""
    games = {}
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if len(RECORD.findall(line)) > 1:
                sys.exit(f"{path}:{number}: two game records on one line: two matches wrote this log")
            m = LINE.match(line)
            if not m:
                continue
            index, a_color, _, winner = m.groups()
            if winner is None:
                games[int(index)] = 1
            else:
                games[int(index)] = 2 if winner.lower() == a_color else 0
    return games


def pairs(games):
    """A's score per opening pair (both games played), 0..1."""
    return {
        k // 2: (games[k] + games[k + 1]) / 4
        for k in games
        if k % 2 == 0 and k + 1 in games
    }


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[-1])
    new_logs, old_logs = (a.split(",") for a in sys.argv[1:])
    if len(new_logs) != len(old_logs):
        sys.exit("give as many NEW logs as OLD logs, book by book")
    new, old = {}, {}
    for run, (n_log, o_log) in enumerate(zip(new_logs, old_logs)):
        new.update({(run, k): v for k, v in pairs(half_points(n_log)).items()})
        old.update({(run, k): v for k, v in pairs(half_points(o_log)).items()})
    common = sorted(set(new) & set(old))
    if len(common) < 2:
        sys.exit("fewer than two opening pairs played in both runs")
    d = [new[k] - old[k] for k in common]
    n = len(d)
    mean = sum(d) / n
    var = sum((x - mean) ** 2 for x in d) / (n - 1)
    se = math.sqrt(var / n)
    s_new = sum(new[k] for k in common) / n
    s_old = sum(old[k] for k in common) / n
    same = sum(1 for x in d if x == 0)
    print(
        f"{n} opening pairs in both runs: {s_new:.1%} against {s_old:.1%}, "
        f"difference {mean:+.1%} ({mean - 1.96 * se:+.1%}..{mean + 1.96 * se:+.1%}); "
        f"{same} pairs scored the same"
    )


if __name__ == "__main__":
    main()
