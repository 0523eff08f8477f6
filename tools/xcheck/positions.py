"""Cross-check positions, written in algebraic for readability and converted to our numeric FEN."""
import sys
sys.path.insert(0, '/work/xcheck')
from ref import XY

def num(a):
    return XY[('abcdefgh'.index(a[0]), 8 - int(a[1]))]

def P(side, white, black):
    def conv(s):
        out = []
        for t in s.split():
            k = t[0] == 'K'
            out.append((int(num(t[1:] if k else t)), k))
        out.sort()
        return ','.join(('K' if k else '') + str(n) for n, k in out)
    return f"{side}:W{conv(white)}:B{conv(black)}"

RUSSIAN = [
    # 1 men capturing backward (both sides), multi-jumps mixing directions
    ('backward men', P('W', 'e5 c3 g3 a3 h2 e1', 'd6 f4 d4 b4 f6 a7 h6')),
    # 2 flying king a1 on long diagonal: several landing squares, only some continue (landing rule)
    ('king landing rule', P('W', 'Ka1 g3 h2', 'c3 e7 b8 h6 f8 d2')),
    # 3 man crowns mid-capture on d8 and continues as a king along d8-h4
    ('crown mid-capture', P('W', 'b6 a3 e1 g3', 'c7 f6 g7 b8 h6 a7')),
    # 4 turkish-strike situation: captured pieces block the king's later path
    ('turkish strike', P('W', 'Kh2 a1', 'f4 d6 c5 e3 c3 b6 g7')),
    # 5 ring capture by a man (4 jumps back to start, two orientations)
    ('man ring', P('W', 'e3 a1 h2 g1', 'd4 d6 f6 f4 a7 h8')),
    # 6 flying king captures 4 pieces going round a loop, ending on c5
    ('king loop capture', P('W', 'Kc1 a3 h4', 'd2 b4 d6 f4 a7 g7')),
    # 7 many kings both sides
    ('many kings', P('W', 'Ka1 Kc3 Ke1 Kg3 Kh6 b2', 'Kb8 Kd8 Kf6 Kh8 Kc5 g7')),
    # 8 many kings, black to move, mutual captures
    ('many kings B', P('B', 'Kd4 Kf2 Kb6 e3 c3', 'Kh8 Ka7 Ke7 Kg1 d6 f8')),
    # 9 blocked position, few moves
    ('blocked', P('W', 'a3 b4 c5 d6 h2 g3', 'a5 b6 c7 e7 h4 g5 b8')),
    # 10 mid-game with captures available for both
    ('midgame', P('W', 'a1 c1 e1 g1 b2 f2 c3 e3 g3 d4 f4 h4', 'b8 d8 f8 a7 c7 e7 g7 b6 d6 h6 e5 c5')),
    # 11 king vs many men, long multi-capture choices
    ('king vs men', P('W', 'Kh8 a1', 'f6 d6 b6 e3 c3 c5 g3 b2 f2')),
    # 12 black king multi capture with man also able to capture, black to move
    ('quiet mixed', P('B', 'c3 e3 g3 d4 f4 b2 h4 a5', 'Kb8 c5 e5 g5 a7 h6 e7')),
    # 13 promotions by normal moves both sides
    ('promotions', P('W', 'a7 c7 g7 e1 Kh2', 'b2 d2 f2 h6 Kb8')),
    # 14 3 kings vs 1 king endgame
    ('3K v 1K', P('W', 'Ka1 Kc1 Ke1', 'Kh8')),
    # 15 man crowns mid capture, then multiple landing squares as king, black to move
    ('black crown mid-capture', P('B', 'd2 f2 f4 Ka5 h6 a3', 'c3 b8 d8 h8 e7')),
]

ENGLISH = [
    # 1 king ring of 4 (two orientations -> same from/to/captured)
    ('king ring', P('W', 'Ke3 a1 h2', 'd4 d6 f6 f4 a7 h8')),
    # 2 men multi-jump trees forward only
    ('men jump tree', P('B', 'c3 e3 g3 c5 e5 b2 f2 a1', 'b8 d8 b6 d6 f6 h6')),
    # 3 man crowns by capture and must stop (could continue as king)
    ('crown stops', P('W', 'b6 a3 e1 g3', 'c7 e7 g7 h6 a7')),
    # 4 many kings both sides
    ('many kings', P('B', 'Ka1 Kc3 Ke1 Kg3 Kh6 b2', 'Kb8 Kd8 Kf6 Kh8 Kc5 g7')),
    # 5 men cannot capture backward
    ('no backward men', P('W', 'e5 c5 g3 a3 h2', 'd4 f4 b4 d6 h6 a7')),
    # 6 blocked position
    ('blocked', P('B', 'a3 b4 c5 d6 h2 g3', 'a5 b6 c7 e7 h4 g5 b8')),
    # 7 kings with multi-jump trees
    ('king jump tree', P('W', 'Kd4 Kf2 b2', 'c5 e5 c3 e3 c7 e7 g5 g7 b8')),
    # 8 promotions by normal moves, white to move
    ('promotions', P('W', 'a7 c7 g7 e1 Kh2', 'b2 d2 f2 h6 Kb8')),
    # 9 start-like midgame
    ('midgame', P('B', 'a1 c1 e1 g1 b2 f2 c3 e3 g3 d4 f4 h4', 'b8 d8 f8 a7 c7 e7 g7 b6 d6 h6 e5 c5')),
    # 10 black king ring of 4, black to move, with a man capture option too
    ('black king ring', P('B', 'c5 e5 c3 e3 g1 h2', 'Kd4 b8 d8 a5 g5')),
    # 11 3 kings vs 1 king
    ('3K v 1K', P('W', 'Ka1 Kc1 Ke1', 'Kh8')),
    # 12 double ring (figure 8) for a king
    ('double ring', P('W', 'Kd4 a1 h2', 'c5 e5 c3 e3 e7 c7 g3 g5')),
    # 13 black men multi-jump to crown (stop on crown row)
    ('black crown stops', P('B', 'd2 f2 b2 d4 f4 g3', 'e5 c7 a7 h6 c5')),
    # 14 kings blocked by own pieces, positional richness
    ('king crowd', P('W', 'Kd4 Ke5 Kf4 Kc3 a1', 'Kd6 Kc7 Kf6 h8 b8')),
    # 15 mutual capture threats, many men
    ('tactics', P('W', 'a3 c3 e3 g3 b2 d2 f2 h2 d4 f4', 'b6 d6 f6 h6 a7 c7 e7 g7 c5 e5')),
]
