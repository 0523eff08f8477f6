#!/usr/bin/env python3
"""Generate perft cross-check data with pydraughts (https://pypi.org/project/pydraughts/, v0.6.7).

Usage:  venv/bin/python gen.py            # positions -> perft_xcheck.txt, start positions -> perft_start.txt
        venv/bin/python gen.py --paths    # additionally print "every path" counts (no dedupe) for small depths

Counts are computed by pydraughts' core engine (see pd.py).  Default mode is "distinct" perft:
moves with the same (from, to, set of captured squares, promoted?) are counted once.
ref.py (an independent mini generator written for this check) is used only to choose the depth
limit (< 2M nodes) and to flag disagreements; every number written comes from pydraughts.
"""
import sys, time, json, os
from concurrent.futures import ProcessPoolExecutor, as_completed
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pd, ref
from positions import RUSSIAN, ENGLISH

LIMIT = 2_000_000
TIME_BUDGET = 1500  # seconds of predicted pydraughts time allowed for the deepest depth of one position
HERE = os.path.dirname(os.path.abspath(__file__))

START = [
    ('russian', 'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12', 7,
     [7, 49, 302, 1469, 7482, 37986, 190146]),
    ('english', 'B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12', 7,
     [7, 49, 302, 1469, 7361, 36768, 179740]),
]


def run_position(task):
    variant, name, fen, maxdepth = task
    hub = pd.our_fen_to_hub(fen)
    P = pd.Perft(variant, distinct=True)
    rmemo = {}
    rows, notes = [], []
    last_t = None
    prev_ref = None
    for d in range(1, (maxdepth or 99) + 1):
        r = ref.perft(variant, fen, d, rmemo)
        if maxdepth is None:
            if r >= LIMIT:
                break
            if last_t is not None and prev_ref and last_t * r / max(prev_ref, 1) > TIME_BUDGET:
                notes.append(f'stopped before depth {d} (ref {r}) for time')
                break
        t = time.time()
        n = P(hub, d)
        last_t = time.time() - t
        prev_ref = r
        rows.append((d, n))
        if n != r:
            notes.append(f'MISMATCH depth {d}: pydraughts {n} ref {r}')
        if n == 0:
            break
    return variant, name, fen, rows, notes


def path_perft(variant, fen, depth):
    return pd.Perft(variant, distinct=False)(pd.our_fen_to_hub(fen), depth)


def main():
    tasks = [(v, name, fen, None) for v, L in (('russian', RUSSIAN), ('english', ENGLISH)) for name, fen in L]
    tasks += [(v, 'start', fen, d) for v, fen, d, _ in START]
    # results are cached in results.jsonl so an interrupted run can be resumed
    results = {}
    cache = os.path.join(HERE, 'results.jsonl')
    if os.path.exists(cache):
        with open(cache) as fh:
            for line in fh:
                r = json.loads(line)
                results[(r['variant'], r['fen'])] = (r['name'], [tuple(x) for x in r['rows']], r['notes'])
    todo = [t for t in tasks if (t[0], t[2]) not in results]
    with open(cache, 'a') as log, ProcessPoolExecutor(2, max_tasks_per_child=1) as ex:
        futs = [ex.submit(run_position, t) for t in todo]
        for fut in as_completed(futs):
            variant, name, fen, rows, notes = fut.result()
            results[(variant, fen)] = (name, rows, notes)
            print(variant, name, fen, rows, notes, flush=True)
            log.write(json.dumps({'variant': variant, 'name': name, 'fen': fen, 'rows': rows, 'notes': notes}) + '\n')
            log.flush()
    bad = [(k, v[2]) for k, v in results.items() if v[2]]
    print('notes:', bad or 'none')
    with open(os.path.join(HERE, 'perft_xcheck.txt'), 'w') as f:
        for v, L in (('russian', RUSSIAN), ('english', ENGLISH)):
            for name, fen in L:
                _, rows, _ = results[(v, fen)]
                for d, n in rows:
                    f.write(f'{v};{fen};{d};{n}\n')
    with open(os.path.join(HERE, 'perft_start.txt'), 'w') as f:
        for v, fen, _, pub in START:
            _, rows, _ = results[(v, fen)]
            assert [n for _, n in rows] == pub[:len(rows)], (v, rows, pub)
            for d, n in rows:
                f.write(f'{v};{fen};{d};{n}\n')
    if '--paths' in sys.argv:
        for v, L in (('russian', RUSSIAN), ('english', ENGLISH)):
            for name, fen in L:
                print(v, name, 'every-path perft:', [path_perft(v, fen, d) for d in range(1, 5)])


if __name__ == '__main__':
    main()
