// "How to play": the rules of each variant in Russian, English and Czech, written for this page
// and matching what its engine plays (draw rules included), with small board diagrams drawn as
// inline SVG. `renderRules(container, variant, lang)` fills an element; nothing is fetched but
// rules.css (once, next to this module, unless the page already links it).

export const RULES_VARIANTS = ['czech', 'russian', 'english'];
export const RULES_LANGS = ['ru', 'en', 'cs'];

// ---------- diagrams ----------

const FILES = 'abcdefgh';

/** Dark squares in numbering order (1 = b8 … 32 = g1), as on the page's English board. */
const SQUARES = [];
for (let row = 0; row < 8; row++) {
  for (let k = 0; k < 4; k++) SQUARES.push(FILES[row % 2 === 0 ? 2 * k + 1 : 2 * k] + (8 - row));
}

/**
 * Positions, independent of the language. pieces: square → 'wm' | 'wk' | 'bm' | 'bk';
 * taken: pieces the move captures; paths: the move (solid) or a move that is not allowed
 * (`bad`); dots: squares where the moving piece may stop.
 * Each position was checked against the engine's move generator (`shashki moves`).
 */
const DIAGRAMS = {
  // W:WKb2:Be5 (Czech or Russian) → b2:f6, b2:g7, b2:h8
  flying: {
    pieces: { b2: 'wk', e5: 'bm' },
    taken: ['e5'],
    paths: [{ squares: ['b2', 'h8'] }],
    dots: ['f6', 'g7', 'h8'],
  },
  // W:Wc3,Kh4:Bd4,d6,f2 (Czech) → only h4:e1; Russian would also allow c3:e5:c7
  kingFirst: {
    pieces: { c3: 'wm', h4: 'wk', d4: 'bm', d6: 'bm', f2: 'bm' },
    taken: ['f2'],
    paths: [{ squares: ['c3', 'e5', 'c7'], bad: true }, { squares: ['h4', 'e1'] }],
    dots: [],
  },
  // W:Wf4:Be3,c3 (Russian) → f4:d2:b4
  backward: {
    pieces: { f4: 'wm', e3: 'bm', c3: 'bm' },
    taken: ['e3', 'c3'],
    paths: [{ squares: ['f4', 'd2', 'b4'] }],
    dots: [],
  },
  // W:Wb6:Bc7,f6 (Russian) → b6:d8:g5, b6:d8:h4 (Czech would stop on d8)
  crownGoesOn: {
    pieces: { b6: 'wm', c7: 'bm', f6: 'bm' },
    taken: ['c7', 'f6'],
    paths: [{ squares: ['b6', 'd8', 'h4'] }],
    dots: ['g5', 'h4'],
    crown: ['d8'],
  },
  // W:WK15:B18,17 (English) → 15x22x13
  shortKing: {
    pieces: { e5: 'wk', d4: 'bm', b4: 'bm' },
    taken: ['d4', 'b4'],
    paths: [{ squares: ['e5', 'c3', 'a5'] }],
    dots: [],
  },
  // B:W26,25:B23 (English) → only 23x30
  crownStops: {
    pieces: { e3: 'bm', d2: 'wm', b2: 'wm' },
    taken: ['d2'],
    paths: [{ squares: ['e3', 'c1'] }, { squares: ['c1', 'a3'], bad: true }],
    dots: [],
    crown: ['c1'],
  },
};

const SVG_NS = 'http://www.w3.org/2000/svg';

function svgEl(name, attrs = {}, parent = null) {
  const el = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (parent) parent.append(el);
  return el;
}

/** Centre of a square in board units, White at the bottom. */
function centre(sq) {
  return { x: FILES.indexOf(sq[0]) + 0.5, y: 8 - Number(sq[1]) + 0.5 };
}

const round = (n) => Math.round(n * 1000) / 1000;

function crown(parent, cx, cy, cls) {
  const pts = [
    [-0.21, 0.11], [-0.23, -0.12], [-0.11, 0.0], [0, -0.17], [0.11, 0.0], [0.23, -0.12], [0.21, 0.11],
  ];
  svgEl('polygon', { class: cls, points: pts.map(([x, y]) => `${round(cx + x)},${round(cy + y)}`).join(' ') }, parent);
}

function piece(parent, sq, kind, taken) {
  const { x, y } = centre(sq);
  const g = svgEl('g', { class: `rules-piece ${kind[0] === 'w' ? 'white' : 'black'}${taken ? ' taken' : ''}` }, parent);
  svgEl('circle', { cx: x, cy: y, r: 0.38, class: 'disc' }, g);
  svgEl('circle', { cx: x, cy: y, r: 0.25, class: 'ring' }, g);
  if (kind[1] === 'k') crown(g, x, y + 0.02, 'crown');
  if (taken) {
    const d = 0.2;
    svgEl('path', { class: 'cross', d: `M${round(x - d)},${round(y - d)}L${round(x + d)},${round(y + d)}M${round(x + d)},${round(y - d)}L${round(x - d)},${round(y + d)}` }, parent);
  }
}

function arrow(parent, squares, bad) {
  const pts = squares.map(centre);
  const last = pts[pts.length - 1];
  const prev = pts[pts.length - 2];
  const len = Math.hypot(last.x - prev.x, last.y - prev.y);
  const ux = (last.x - prev.x) / len, uy = (last.y - prev.y) / len;
  const head = 0.34, half = 0.2;
  // The line stops inside the arrowhead so that its end does not poke through the tip.
  const shaft = [...pts.slice(0, -1), { x: last.x - ux * head * 0.6, y: last.y - uy * head * 0.6 }];
  const g = svgEl('g', { class: `rules-arrow${bad ? ' bad' : ''}` }, parent);
  svgEl('polyline', { points: shaft.map((p) => `${round(p.x)},${round(p.y)}`).join(' ') }, g);
  const bx = last.x - ux * head, by = last.y - uy * head;
  svgEl('polygon', {
    points: [
      [last.x, last.y],
      [bx - uy * half, by + ux * half],
      [bx + uy * half, by - ux * half],
    ].map(([x, y]) => `${round(x)},${round(y)}`).join(' '),
  }, g);
}

/** An SVG board for one diagram; `numbers` labels the dark squares 1–32 (English). */
function drawDiagram(key, numbers, label) {
  const d = DIAGRAMS[key];
  const svg = svgEl('svg', { viewBox: '0 0 8 8', class: 'rules-board', role: 'img', 'aria-label': label });
  const squares = svgEl('g', {}, svg);
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 8; col++) {
      const dark = (col + (7 - row)) % 2 === 0;
      svgEl('rect', { x: col, y: row, width: 1, height: 1, class: dark ? 'dark' : 'light' }, squares);
    }
  }
  const labels = svgEl('g', { class: 'rules-coords' }, svg);
  if (numbers) {
    SQUARES.forEach((sq, i) => {
      const { x, y } = centre(sq);
      svgEl('text', { x: round(x - 0.44), y: round(y - 0.22), class: 'num' }, labels).textContent = String(i + 1);
    });
  } else {
    for (let i = 0; i < 8; i++) {
      svgEl('text', { x: round(i + 0.94), y: 7.95, 'text-anchor': 'end', class: i % 2 ? 'on-light' : 'on-dark' }, labels).textContent = FILES[i];
      svgEl('text', { x: 0.05, y: round(i + 0.27), class: i % 2 ? 'on-dark' : 'on-light' }, labels).textContent = String(8 - i);
    }
  }
  for (const sq of d.crown || []) {
    const { x, y } = centre(sq);
    svgEl('circle', { cx: x, cy: y, r: 0.4, class: 'rules-crowned' }, svg);
  }
  for (const [sq, kind] of Object.entries(d.pieces)) piece(svg, sq, kind, d.taken.includes(sq));
  for (const sq of d.dots) {
    const { x, y } = centre(sq);
    svgEl('circle', { cx: x, cy: y, r: 0.15, class: 'rules-dot' }, svg);
  }
  for (const p of d.paths) arrow(svg, p.squares, p.bad);
  return svg;
}

// ---------- the texts ----------
// Blocks: ['h', heading], ['p', text], ['ul', [items]], ['fig', diagram, caption].
// `code` in backticks becomes <code>.

function en(v) {
  const cz = v === 'czech', ru = v === 'russian', eng = v === 'english';
  const title = { czech: 'How to play Czech checkers', russian: 'How to play Russian checkers', english: 'How to play English checkers' }[v];
  const intro = {
    czech: 'Czech checkers (česká dáma) is played in Czechia and Slovakia. Kings fly along the diagonals, men capture only forward, and one rule sets the game apart: if a king can capture, a king must.',
    russian: 'Russian checkers (shashki) is the game of Russia and its neighbours. Men capture backward as well as forward, kings fly along the diagonals, and a man that reaches the last row in the middle of a capture goes on capturing as a king.',
    english: 'English checkers, called draughts in Britain, is the classic game of the English-speaking world: kings step one square at a time, men capture only forward, and Black moves first.',
  }[v];
  const b = [];
  b.push(['h', 'Board and setup']);
  b.push(['p', 'The board has 8×8 squares, and only the 32 dark squares are used. It lies so that each player has a dark square in the corner on their left.']);
  if (eng) b.push(['p', 'Each player starts with 12 men on the dark squares of the three rows nearest to them: Black on squares 1–12, White on 21–32. Black moves first; then the players take turns, one move each.']);
  else b.push(['p', 'Each player starts with 12 men on the dark squares of the three rows nearest to them: White on a1–h3, Black on a6–h8. White moves first; then the players take turns, one move each.']);

  b.push(['h', 'Men']);
  b.push(['p', 'A man moves one square diagonally forward onto an empty square.']);
  b.push(['p', `${ru ? 'It captures forward and backward' : 'It captures only forward'}: it jumps over an enemy piece on a diagonally adjacent square and lands on the empty square just behind it. Men capture kings as well as men.`]);

  b.push(['h', 'Kings']);
  if (eng) {
    b.push(['p', 'A king moves one square diagonally, forward or backward. It captures like a man, but in all four directions: only an enemy piece right next to it, landing on the empty square just behind.']);
  } else {
    b.push(['p', 'A king moves along a diagonal, forward or backward, over any number of empty squares: it is a “flying” king. It also captures from a distance: when an enemy piece stands on its diagonal with only empty squares between them, the king jumps over it and lands on any empty square beyond. If it can capture again from some of those squares, it must land on one of them and carry on.']);
  }

  b.push(['h', 'Captures']);
  b.push(['p', 'Capturing is compulsory: if any of your pieces can capture, you must capture.']);
  if (cz) b.push(['p', 'If any of your kings can capture, you must capture with a king, even if a man could take more pieces. Apart from that the choice is yours: you need not take the largest number of pieces.']);
  else b.push(['p', 'When several captures are possible you may choose any of them: you need not take the largest number of pieces.']);
  b.push(['p', 'A capture is a series of jumps by one piece. Once it has begun, the piece must keep jumping as long as it can: you choose the route, but you may not stop halfway.']);
  b.push(['p', 'Captured pieces stay on the board until the move is over and are then removed together. No piece can be jumped twice, and a captured piece still on the board blocks the way (the “Turkish strike” rule).']);
  if (cz) {
    b.push(['fig', 'flying', 'A flying king captures from a distance: the white king on b2 takes e5 and may stop on f6, g7 or h8 (b2:f6, b2:g7 or b2:h8).']);
    b.push(['fig', 'kingFirst', 'The Czech king rule: the man on c3 could take two pieces (c3:e5:c7), but the king on h4 can capture too, so the king must: h4:e1 is the only legal move.']);
  }
  if (ru) b.push(['fig', 'backward', 'Men capture backward too: f4:d2:b4 first jumps e3 backward, then c3.']);
  if (eng) b.push(['fig', 'shortKing', 'A king jumps only a piece right next to it, but backward as well as forward: 15x22x13 takes 18 backward, then 17.']);

  b.push(['h', 'Becoming a king']);
  b.push(['p', `A man that reaches the far row becomes a king (${eng ? 'squares 1–4 for White, 29–32 for Black' : 'row 8 for White, row 1 for Black'}).`]);
  if (ru) {
    b.push(['p', 'If it gets there in the middle of a capture and can capture on from there as a king, it carries on at once, as a king, in the same move.']);
    b.push(['fig', 'crownGoesOn', 'The man reaches d8 during the capture, is crowned at once and goes on over f6 as a king: b6:d8:g5 or b6:d8:h4.']);
  } else {
    b.push(['p', 'If it gets there during a capture, it is crowned and the move ends, even if as a king it could capture more.']);
  }
  if (eng) b.push(['fig', 'crownStops', 'The black man jumps 26 and is crowned on 30. The move ends there, so it cannot take 25 in the same move: 23x30.']);

  b.push(['h', 'End of the game']);
  b.push(['p', 'You win when it is your opponent’s turn and they have no pieces left, or none of their pieces can move.']);
  b.push(['p', 'The page declares a draw by itself when:']);
  const draws = ['the same position, with the same player to move, appears for the third time;'];
  if (cz) draws.push('each side has made 40 moves in a row with no capture and no man crowned.');
  if (eng) draws.push('each side has made 40 moves in a row with no capture and no man moved (only kings have moved).');
  if (ru) {
    draws.push(
      'each side has made 15 moves in a row with kings only and no capture;',
      'three or more kings against a lone king have not won by the stronger side’s 15th move (counted from when that balance of pieces arose);',
      'three pieces, at least one of them a king, against a lone king standing on the long diagonal a1–h8 have not won by the stronger side’s 5th move;',
      'two pieces or fewer, at least one of them a king, against a lone king have not won by the stronger side’s 5th move;',
      'both sides have kings and the balance of pieces has not changed (no capture, no man crowned) for 30 moves by each side with 4 or 5 pieces on the board, or 60 moves by each side with 6 or 7 pieces.',
    );
  }
  b.push(['ul', draws]);

  b.push(['h', 'Notation']);
  if (eng) {
    b.push(['p', 'The dark squares are numbered 1 to 32 from Black’s side: 1–4 is the far row as White sees the board, 29–32 is White’s own back row, and the board on this page shows the numbers. A move is written with a dash, `9-14`; a capture with an x, `14x23`; a capture of several pieces names every square the piece lands on: `1x10x19`.']);
  } else {
    b.push(['p', 'Files are lettered a–h from White’s left and ranks numbered 1–8 from White’s side. A move names its start and end squares with a dash: `c3-d4`. A capture uses colons and names every square the piece lands on: `c3:e5:c7` takes two pieces. The move list on this page uses this notation.']);
  }

  b.push(['h', 'Playing on this page']);
  b.push(['p', 'Click or tap one of your pieces, then the square it should go to. For a capture of several pieces click each landing square in turn (or straight away the last one, when only one capture ends there), or drag the piece. Pieces that must capture are ringed.']);
  return { title, intro, blocks: b };
}

function ru(v) {
  const cz = v === 'czech', rus = v === 'russian', eng = v === 'english';
  const title = { czech: 'Как играть в чешские шашки', russian: 'Как играть в русские шашки', english: 'Как играть в английские шашки' }[v];
  const intro = {
    czech: 'В чешские шашки (česká dáma) играют в Чехии и Словакии. Дамки здесь дальнобойные, простые бьют только вперёд, а главная особенность — правило дамки: если может бить дамка, бить обязана дамка.',
    russian: 'Русские шашки — основной вариант игры в России и соседних странах. Простые бьют и вперёд, и назад, дамки ходят по диагонали на любое расстояние, а простая, дошедшая до последнего ряда посреди взятия, продолжает бить уже как дамка.',
    english: 'Английские шашки (в Великобритании — draughts, в Америке — checkers) — классический вариант англоязычных стран: дамка ходит лишь на одно поле, простые бьют только вперёд, а первыми ходят чёрные.',
  }[v];
  const b = [];
  b.push(['h', 'Доска и расстановка']);
  b.push(['p', 'Доска 8×8, играют только на 32 тёмных полях. Доску кладут так, чтобы у каждого игрока в левом ближнем углу было тёмное поле.']);
  if (eng) b.push(['p', 'У каждого игрока 12 простых шашек на тёмных полях трёх ближних рядов: у чёрных — поля 1–12, у белых — 21–32. Первыми ходят чёрные, дальше игроки ходят по очереди.']);
  else b.push(['p', 'У каждого игрока 12 простых шашек на тёмных полях трёх ближних рядов: у белых — a1–h3, у чёрных — a6–h8. Первыми ходят белые, дальше игроки ходят по очереди.']);

  b.push(['h', 'Простые шашки']);
  b.push(['p', 'Простая ходит на одно поле по диагонали вперёд, на свободное поле.']);
  b.push(['p', `${rus ? 'Бьёт простая и вперёд, и назад' : 'Бьёт простая только вперёд'}: перепрыгивает через шашку соперника на соседнем по диагонали поле и встаёт на свободное поле сразу за ней. Простые бьют и простые шашки, и дамки.`]);

  b.push(['h', 'Дамки']);
  if (eng) {
    b.push(['p', 'Дамка ходит на одно поле по диагонали, вперёд или назад. Бьёт она так же, как простая, но во все четыре стороны: только шашку, стоящую вплотную, вставая на свободное поле сразу за ней.']);
  } else {
    b.push(['p', 'Дамка ходит по диагонали вперёд или назад на любое число свободных полей — это дальнобойная дамка. Бьёт она тоже издалека: если на её диагонали стоит шашка соперника, а поля между ними свободны, дамка перепрыгивает через неё и встаёт на любое свободное поле за ней. Если с некоторых из этих полей можно бить дальше, дамка обязана встать на одно из них и продолжать взятие.']);
  }

  b.push(['h', 'Взятие']);
  b.push(['p', 'Бить обязательно: если какая-нибудь ваша шашка может бить, ход без взятия сделать нельзя.']);
  if (cz) b.push(['p', 'Если бить может хотя бы одна ваша дамка, бить нужно дамкой, даже если простая сняла бы больше шашек. В остальном выбор свободный: бить наибольшее число шашек не требуется.']);
  else b.push(['p', 'Если взять можно по-разному, выбирайте любой вариант: бить наибольшее число шашек не требуется.']);
  b.push(['p', 'Взятие — это серия прыжков одной шашкой. Начав бить, нужно продолжать, пока шашка может бить дальше: путь выбираете вы, но остановиться на полпути нельзя.']);
  b.push(['p', 'Побитые шашки остаются на доске до конца хода и снимаются все вместе. Через одну шашку нельзя прыгнуть дважды, а ещё не снятая побитая шашка загораживает путь (правило «турецкого удара»).']);
  if (cz) {
    b.push(['fig', 'flying', 'Дальнобойная дамка бьёт издалека: белая дамка b2 берёт шашку на e5 и может встать на f6, g7 или h8 (b2:f6, b2:g7 или b2:h8).']);
    b.push(['fig', 'kingFirst', 'Правило дамки: простая c3 могла бы взять две шашки (c3:e5:c7), но бить может и дамка h4, значит бьёт дамка: h4:e1 — единственный допустимый ход.']);
  }
  if (rus) b.push(['fig', 'backward', 'Простые бьют и назад: f4:d2:b4 — сначала назад через e3, затем через c3.']);
  if (eng) b.push(['fig', 'shortKing', 'Дамка бьёт только соседнюю шашку, зато и вперёд, и назад: 15x22x13 — сначала назад через 18, затем через 17.']);

  b.push(['h', 'Превращение в дамку']);
  b.push(['p', `Простая, дошедшая до последнего ряда, становится дамкой (${eng ? 'для белых — поля 1–4, для чёрных — 29–32' : 'для белых — 8-й ряд, для чёрных — 1-й'}).`]);
  if (rus) {
    b.push(['p', 'Если это случилось посреди взятия и дальше можно бить как дамка, она тут же, в том же ходу, продолжает бить уже как дамка.']);
    b.push(['fig', 'crownGoesOn', 'Простая доходит до d8 посреди взятия, сразу становится дамкой и бьёт дальше через f6 уже как дамка: b6:d8:g5 или b6:d8:h4.']);
  } else {
    b.push(['p', 'Если это случилось во время взятия, она становится дамкой, и ход на этом заканчивается, даже если дамкой можно было бы бить дальше.']);
  }
  if (eng) b.push(['fig', 'crownStops', 'Чёрная простая бьёт шашку на поле 26 и становится дамкой на поле 30. На этом ход заканчивается, и взять 25 в том же ходу нельзя: 23x30.']);

  b.push(['h', 'Конец партии']);
  b.push(['p', 'Вы выигрываете, если у соперника, когда его очередь ходить, не осталось шашек или ни одна из них не может сходить.']);
  b.push(['p', 'Ничью страница объявляет сама, когда:']);
  const draws = ['одна и та же позиция при том же игроке на ходу возникла в третий раз;'];
  if (cz) draws.push('каждая сторона сделала 40 ходов подряд без взятия и без превращения простой в дамку.');
  if (eng) draws.push('каждая сторона сделала 40 ходов подряд без взятия и без хода простой (ходили только дамки).');
  if (rus) {
    draws.push(
      'каждая сторона сделала 15 ходов подряд только дамками, без взятия;',
      'три дамки (или больше) против одинокой дамки не выиграли к 15-му ходу сильнейшей стороны (считая с момента, когда сложилось это соотношение сил);',
      'три шашки, среди которых есть дамка, против одинокой дамки, стоящей на большой дороге a1–h8, не выиграли к 5-му ходу сильнейшей стороны;',
      'две шашки или меньше, среди которых есть дамка, против одинокой дамки не выиграли к 5-му ходу сильнейшей стороны;',
      'у обеих сторон есть дамки, а соотношение сил не меняется (нет ни взятий, ни превращений) 30 ходов каждой стороны, если на доске 4 или 5 шашек, или 60 ходов каждой стороны, если 6 или 7.',
    );
  }
  b.push(['ul', draws]);

  b.push(['h', 'Запись ходов']);
  if (eng) {
    b.push(['p', 'Тёмные поля пронумерованы от 1 до 32, начиная со стороны чёрных: 1–4 — дальний от белых ряд, 29–32 — последний ряд белых; на доске этой страницы номера показаны. Ход пишут через дефис: `9-14`, взятие — через x: `14x23`, а при взятии нескольких шашек перечисляют все поля, на которые встаёт шашка: `1x10x19`.']);
  } else {
    b.push(['p', 'Вертикали обозначают буквами a–h слева направо со стороны белых, горизонтали — цифрами 1–8 от белых. Ход записывают полем начала и полем конца через тире: `c3-d4`. При взятии ставят двоеточие и перечисляют все поля, на которые встаёт шашка: `c3:e5:c7` — взятие двух шашек. Так записаны ходы и в списке ходов на этой странице.']);
  }

  b.push(['h', 'Как ходить на этой странице']);
  b.push(['p', 'Нажмите на свою шашку, затем на поле, куда она идёт. При взятии нескольких шашек нажимайте поля по очереди (или сразу последнее, если туда ведёт только одно взятие) либо перетаскивайте шашку. Шашки, которые обязаны бить, обведены.']);
  return { title, intro, blocks: b };
}

function cs(v) {
  const cz = v === 'czech', rus = v === 'russian', eng = v === 'english';
  const title = { czech: 'Jak hrát českou dámu', russian: 'Jak hrát ruskou dámu', english: 'Jak hrát anglickou dámu' }[v];
  const intro = {
    czech: 'Česká dáma se hraje v Česku a na Slovensku. Dámy jsou dálkové, kameny berou jen dopředu a od ostatních variant ji odlišuje jedno pravidlo: může-li brát dáma, musí brát dáma.',
    russian: 'Ruská dáma (šaški) je hlavní varianta v Rusku a okolních zemích. Kameny berou dopředu i dozadu, dámy jsou dálkové a kámen, který dojde na poslední řadu uprostřed braní, bere dál už jako dáma.',
    english: 'Anglická dáma (v Británii draughts, v Americe checkers) je klasická varianta anglicky mluvících zemí: dáma táhne jen o jedno pole, kameny berou jen dopředu a začíná černý.',
  }[v];
  const b = [];
  b.push(['h', 'Deska a základní postavení']);
  b.push(['p', 'Hraje se na desce 8×8 polí, ale jen na 32 tmavých polích. Deska leží tak, aby měl každý hráč tmavé pole v rohu po své levé ruce.']);
  if (eng) b.push(['p', 'Každý hráč má na začátku 12 kamenů na tmavých polích tří nejbližších řad: černý na polích 1–12, bílý na 21–32. Začíná černý, potom se hráči v tazích střídají.']);
  else b.push(['p', 'Každý hráč má na začátku 12 kamenů na tmavých polích tří nejbližších řad: bílý na a1–h3, černý na a6–h8. Začíná bílý, potom se hráči v tazích střídají.']);

  b.push(['h', 'Kameny']);
  b.push(['p', 'Kámen táhne o jedno pole šikmo vpřed na volné pole.']);
  b.push(['p', `${rus ? 'Bere dopředu i dozadu' : 'Bere jen dopředu'}: přeskočí soupeřovu figuru na šikmo sousedním poli a dopadne na volné pole hned za ní. Kameny mohou brát kameny i dámy.`]);

  b.push(['h', 'Dámy']);
  if (eng) {
    b.push(['p', 'Dáma táhne o jedno pole šikmo, dopředu i dozadu. Bere stejně jako kámen, ale do všech čtyř směrů: jen figuru, která stojí těsně vedle ní, a dopadne na volné pole hned za ní.']);
  } else {
    b.push(['p', 'Dáma táhne po úhlopříčce dopředu i dozadu o libovolný počet volných polí: je to dálková dáma. Bere také zdálky: stojí-li na její úhlopříčce soupeřova figura a pole mezi nimi jsou volná, dáma ji přeskočí a dopadne na kterékoli volné pole za ní. Může-li z některého z těchto polí brát dál, musí dopadnout na takové pole a v braní pokračovat.']);
  }

  b.push(['h', 'Braní']);
  b.push(['p', 'Braní je povinné: může-li kterákoli vaše figura brát, musíte brát.']);
  if (cz) b.push(['p', 'Může-li brát některá vaše dáma, musíte brát dámou, i kdyby kámen vzal víc figur. Jinak si braní vybíráte volně: brát co nejvíc figur není povinné.']);
  else b.push(['p', 'Je-li možností braní víc, můžete si vybrat kteroukoli: brát co nejvíc figur není povinné.']);
  b.push(['p', 'Braní je řada skoků jednou figurou. Kdo začne brát, musí pokračovat, dokud figura může brát dál: cestu si volíte sami, ale zastavit se v půli nesmíte.']);
  b.push(['p', 'Sebrané figury zůstávají na desce až do konce tahu a pak se odstraní všechny najednou. Žádnou figuru nelze přeskočit dvakrát a sebraná figura, která ještě leží na desce, překáží v cestě (pravidlo „tureckého úderu“).']);
  if (cz) {
    b.push(['fig', 'flying', 'Dálková dáma bere zdálky: bílá dáma z b2 bere e5 a může zastavit na f6, g7 nebo h8 (b2:f6, b2:g7 nebo b2:h8).']);
    b.push(['fig', 'kingFirst', 'Pravidlo dámy: kámen c3 by mohl vzít dvě figury (c3:e5:c7), ale brát může i dáma h4, takže musí brát dáma: jediný povolený tah je h4:e1.']);
  }
  if (rus) b.push(['fig', 'backward', 'Kameny berou i dozadu: f4:d2:b4 bere nejdřív dozadu přes e3, potom přes c3.']);
  if (eng) b.push(['fig', 'shortKing', 'Dáma bere jen figuru těsně vedle sebe, zato dopředu i dozadu: 15x22x13 bere nejdřív dozadu 18, potom 17.']);

  b.push(['h', 'Proměna v dámu']);
  b.push(['p', `Kámen, který dojde na poslední řadu, se promění v dámu (${eng ? 'bílý na polích 1–4, černý na polích 29–32' : 'bílý na 8. řadě, černý na 1. řadě'}).`]);
  if (rus) {
    b.push(['p', 'Stane-li se to uprostřed braní a může-li odtud brát dál jako dáma, pokračuje hned, v tomtéž tahu, už jako dáma.']);
    b.push(['fig', 'crownGoesOn', 'Kámen dojde během braní na d8, hned se promění v dámu a bere dál přes f6 už jako dáma: b6:d8:g5 nebo b6:d8:h4.']);
  } else {
    b.push(['p', 'Stane-li se to během braní, promění se v dámu a tah tím končí, i kdyby jako dáma mohl brát dál.']);
  }
  if (eng) b.push(['fig', 'crownStops', 'Černý kámen přeskočí 26 a na poli 30 se promění v dámu. Tím tah končí, takže 25 v tomtéž tahu vzít nemůže: 23x30.']);

  b.push(['h', 'Konec hry']);
  b.push(['p', 'Vyhráváte, když je na tahu soupeř a nemá už žádnou figuru nebo žádná jeho figura nemůže táhnout.']);
  b.push(['p', 'Remízu vyhlásí stránka sama, když:']);
  const draws = ['se potřetí objeví stejná pozice se stejným hráčem na tahu;'];
  if (cz) draws.push('každá strana udělala 40 tahů za sebou bez braní a bez proměny kamene v dámu.');
  if (eng) draws.push('každá strana udělala 40 tahů za sebou bez braní a bez tahu kamenem (táhly jen dámy).');
  if (rus) {
    draws.push(
      'každá strana udělala 15 tahů za sebou jen dámami a bez braní;',
      'tři nebo více dam proti osamělé dámě nevyhrály do 15. tahu silnější strany (počítáno od chvíle, kdy tento poměr sil vznikl);',
      'tři figury, z nichž aspoň jedna je dáma, proti osamělé dámě stojící na velké diagonále a1–h8 nevyhrály do 5. tahu silnější strany;',
      'dvě figury nebo méně, z nichž aspoň jedna je dáma, proti osamělé dámě nevyhrály do 5. tahu silnější strany;',
      'obě strany mají dámy a poměr sil se nemění (žádné braní ani proměna) 30 tahů každé strany, jsou-li na desce 4 nebo 5 figur, nebo 60 tahů každé strany při 6 nebo 7 figurách.',
    );
  }
  b.push(['ul', draws]);

  b.push(['h', 'Zápis tahů']);
  if (eng) {
    b.push(['p', 'Tmavá pole jsou očíslována 1 až 32 od strany černého: 1–4 je vzdálená řada z pohledu bílého, 29–32 zadní řada bílého; deska na této stránce čísla ukazuje. Tah se píše s pomlčkou, `9-14`, braní s x, `14x23`, a při braní více figur se uvádí každé pole, na které figura dopadne: `1x10x19`.']);
  } else {
    b.push(['p', 'Sloupce se značí písmeny a–h zleva z pohledu bílého, řady čísly 1–8 od bílého. Tah se zapisuje výchozím a cílovým polem s pomlčkou: `c3-d4`. Při braní se píše dvojtečka a uvádí se každé pole, na které figura dopadne: `c3:e5:c7` bere dvě figury. Stejně jsou zapsány tahy v seznamu tahů na této stránce.']);
  }

  b.push(['h', 'Jak táhnout na této stránce']);
  b.push(['p', 'Klepněte na svou figuru a potom na pole, kam má táhnout. Při braní více figur klepejte postupně na každé pole dopadu (nebo rovnou na poslední, vede-li tam jen jedno braní), anebo figuru přetáhněte. Figury, které musí brát, jsou zvýrazněny kroužkem.']);
  return { title, intro, blocks: b };
}

const TEXTS = { en, ru, cs };

/** Names of the variants on the switcher, in each language. */
const VARIANT_NAMES = {
  en: { czech: 'Czech', russian: 'Russian', english: 'English' },
  ru: { czech: 'Чешские', russian: 'Русские', english: 'Английские' },
  cs: { czech: 'České', russian: 'Ruské', english: 'Anglické' },
};
const SWITCHER_LABEL = { en: 'Rules of', ru: 'Правила', cs: 'Pravidla' };

// ---------- rendering ----------

function withCode(el, text) {
  text.split('`').forEach((part, i) => {
    if (!part) return;
    if (i % 2) {
      const c = document.createElement('code');
      c.textContent = part;
      el.append(c);
    } else {
      el.append(part);
    }
  });
  return el;
}

function make(tag, cls, text) {
  const el = document.createElement(tag);
  if (cls) el.className = cls;
  if (text != null) withCode(el, text);
  return el;
}

let cssAsked = false;
/** Links rules.css (next to this module) once, unless the page already links it. */
function ensureStyles() {
  if (cssAsked || typeof document === 'undefined') return;
  cssAsked = true;
  if (document.querySelector('link[rel="stylesheet"][href$="rules.css"]')) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = new URL('./rules.css', import.meta.url).href;
  link.dataset.rulesCss = '';
  document.head.append(link);
}

/**
 * Fills `container` with the rules of `variant` ('czech' | 'russian' | 'english') in `lang`
 * ('ru' | 'en' | 'cs'; anything else gives English). A row of buttons at the top switches the
 * variant shown (it does not change the game). Returns the container.
 */
export function renderRules(container, variant, lang) {
  if (!RULES_VARIANTS.includes(variant)) throw new RangeError(`unknown variant: ${variant}`);
  const l = RULES_LANGS.includes(lang) ? lang : 'en';
  ensureStyles();
  const { title, intro, blocks } = TEXTS[l](variant);

  const root = make('article', 'rules');
  root.lang = l;
  root.dataset.rulesVariant = variant;
  root.dataset.rulesLang = l;

  const h = make('h2', 'rules-title', title);
  h.id = 'rules-title';
  root.append(h);

  const nav = make('div', 'rules-switch');
  nav.setAttribute('role', 'group');
  nav.setAttribute('aria-label', SWITCHER_LABEL[l]);
  for (const v of RULES_VARIANTS) {
    const btn = make('button', null, VARIANT_NAMES[l][v]);
    btn.type = 'button';
    btn.dataset.rulesShow = v; // not data-variant: the page starts a new game on those
    btn.setAttribute('aria-pressed', String(v === variant));
    btn.addEventListener('click', () => {
      renderRules(container, v, l);
      const first = container.querySelector(`[data-rules-show="${v}"]`);
      if (first) first.focus();
      container.scrollTop = 0;
    });
    nav.append(btn);
  }
  root.append(nav);
  root.append(make('p', 'rules-intro', intro));

  for (const [kind, a, c] of blocks) {
    if (kind === 'h') root.append(make('h3', null, a));
    else if (kind === 'p') root.append(make('p', null, a));
    else if (kind === 'ul') {
      const ul = make('ul');
      for (const item of a) ul.append(make('li', null, item));
      root.append(ul);
    } else if (kind === 'fig') {
      const fig = make('figure', 'rules-figure');
      fig.dataset.diagram = a;
      fig.append(drawDiagram(a, variant === 'english', c), make('figcaption', null, c));
      root.append(fig);
    }
  }
  container.replaceChildren(root);
  return container;
}
