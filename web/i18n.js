// Interface strings in Russian, English and Czech. Keys are shared; `t(key, vars)` fills {name}.

const STRINGS = {
  en: {
    pageTitle: 'Shashki — Czech, Russian and English checkers',
    games: 'Games', noGames: 'No games yet. Finished and abandoned games appear here.', theme: 'Board theme',
    offerDraw: 'Offer draw', resign: 'Resign', computer: 'Computer', you: 'You',
    abandonAsk: 'Abandon the game in progress? It stays in the Games list.', abandonYes: 'Start a new game',
    resignAsk: 'Resign this game?', drawAsk: '{side} offers a draw. {other}, do you accept?', acceptDraw: 'Accept the draw',
    drawAccepted: 'The computer accepts the draw', drawDeclined: 'The computer declines the draw',
    drawThinking: 'The computer considers your offer…',
    reason_resign: '{side} resigned', reason_agreement: 'agreed',
    viewingLine: 'Best line, move {n}', editorOver: 'This position cannot be played — {result}: {reason}',
    reopen: 'Open', exportPdn: 'PDN', unfinished: 'unfinished', plies: '{n} moves',
    tools: 'Game', pdn: 'Save / load (PDN)', editor: 'Set up a position', analysis: 'Analysis',
    display: 'Display', animation: 'Animation', sound: 'Sound', themeWood: 'Wood', themeGreen: 'Green', themeBlue: 'Blue',
    backToGame: 'Back to the game', viewingMove: 'Viewing move {n} of {total}', viewingStart: 'Viewing the start position',
    copy: 'Copy', download: 'Download', openFile: 'Open file', loadPdn: 'Load', cancel: 'Cancel', copied: 'Copied',
    pdnLoaded: 'Game loaded', pdnError: 'Not loaded: {error}',
    editorHelp: 'Choose a piece, then click squares on the board. Click again to remove.',
    whiteMan: 'White man', whiteKing: 'White king', blackMan: 'Black man', blackKing: 'Black king', eraser: 'Eraser',
    whiteToMove: 'White to move', blackToMove: 'Black to move', clear: 'Clear', startPosition: 'Start position',
    playComputer: 'Play vs computer', playHotseat: 'Play two players', editing: 'Setting up a position',
    evalWhite: 'White is better', evalBlack: 'Black is better', depth: 'depth {d}', winIn: 'wins in {n}',
    moved: '{side}: {move}', squareEmpty: 'empty',
    menu: 'Menu', rules: 'Rules', howToPlay: 'How to play', mode: 'Mode', language: 'Language',
    czech: 'Czech', russian: 'Russian', english: 'English',
    vsComputer: 'vs computer', hotseat: 'Two players', easy: 'Easy', medium: 'Medium', hard: 'Hard',
    playWhite: 'Play White', playBlack: 'Play Black', newGame: 'New game', close: 'Close',
    hint: 'Hint', undo: 'Undo', redo: 'Redo', flip: 'Flip',
    summary_czech: 'Men capture forward only, kings fly; if a king can capture, a king must.',
    summary_russian: 'Men capture backward too, kings fly; a man crowned mid-capture goes on as a king.',
    summary_english: 'Kings move one square; men capture forward only; Black moves first.',
    white: 'White', black: 'Black',
    toMove: '{side} to move', yourMove: 'Your move ({side})', thinking: 'Computer is thinking…',
    mustCapture: '{side} must capture', kingMustCapture: 'A king can capture, so a king must capture',
    captureCompulsory: 'A capture is compulsory', czechKing: 'In Czech a king must capture',
    notYourPiece: 'Not your piece', waitTurn: 'Wait for the computer',
    continueCapture: 'Continue the capture', gameOver: 'The game is over',
    wins: '{side} wins', draw: 'Draw',
    reason_noPieces: 'no pieces left', reason_noMoves: 'no legal moves',
    reason_repetition: 'the same position three times',
    reason_fortyQuietMoves: '40 moves each without capture or promotion',
    reason_fortyKingMoves: '40 moves each without capture or a man moving',
    reason_fifteenKingMoves: '15 moves each with only kings moving',
    reason_threeKings: 'three kings did not catch a lone king in 15 moves',
    reason_longDiagonal: 'a lone king held the long diagonal',
    reason_smallEnding: 'a lone king held out for 5 moves',
    reason_kingEnding: 'no progress in a king ending',
    corrupted: 'The saved game could not be read; a new game was started.',
    hintShown: 'Hint: {move}', board: 'Board',
  },
  ru: {
    pageTitle: 'Шашки — чешские, русские и английские правила',
    games: 'Партии', noGames: 'Партий пока нет. Здесь появятся законченные и прерванные партии.', theme: 'Цвет доски',
    offerDraw: 'Предложить ничью', resign: 'Сдаться', computer: 'Компьютер', you: 'Вы',
    abandonAsk: 'Прервать текущую партию? Она останется в списке партий.', abandonYes: 'Начать новую',
    resignAsk: 'Сдаться в этой партии?', drawAsk: '{side} предлагают ничью. {other}, принимаете?', acceptDraw: 'Принять ничью',
    drawAccepted: 'Компьютер согласился на ничью', drawDeclined: 'Компьютер отклонил ничью',
    drawThinking: 'Компьютер обдумывает предложение…',
    reason_resign: '{side} сдались', reason_agreement: 'по соглашению',
    viewingLine: 'Лучший вариант, ход {n}', editorOver: 'В этой позиции нельзя играть — {result}: {reason}',
    reopen: 'Открыть', exportPdn: 'PDN', unfinished: 'не окончена', plies: 'ходов: {n}',
    tools: 'Партия', pdn: 'Сохранить / загрузить (PDN)', editor: 'Расставить позицию', analysis: 'Анализ',
    display: 'Вид', animation: 'Анимация', sound: 'Звук', themeWood: 'Дерево', themeGreen: 'Зелёная', themeBlue: 'Синяя',
    backToGame: 'Вернуться к партии', viewingMove: 'Ход {n} из {total}', viewingStart: 'Начальная позиция',
    copy: 'Копировать', download: 'Скачать', openFile: 'Открыть файл', loadPdn: 'Загрузить', cancel: 'Отмена', copied: 'Скопировано',
    pdnLoaded: 'Партия загружена', pdnError: 'Не загружено: {error}',
    editorHelp: 'Выберите шашку и нажимайте на поля доски. Повторное нажатие убирает её.',
    whiteMan: 'Белая простая', whiteKing: 'Белая дамка', blackMan: 'Чёрная простая', blackKing: 'Чёрная дамка', eraser: 'Ластик',
    whiteToMove: 'Ход белых', blackToMove: 'Ход чёрных', clear: 'Очистить', startPosition: 'Начальная',
    playComputer: 'Играть с компьютером', playHotseat: 'Играть вдвоём', editing: 'Расстановка позиции',
    evalWhite: 'Лучше у белых', evalBlack: 'Лучше у чёрных', depth: 'глубина {d}', winIn: 'выигрыш за {n}',
    moved: '{side}: {move}', squareEmpty: 'пусто',
    menu: 'Меню', rules: 'Правила', howToPlay: 'Как играть', mode: 'Режим', language: 'Язык',
    czech: 'Чешские', russian: 'Русские', english: 'Английские',
    vsComputer: 'Против компьютера', hotseat: 'Два игрока', easy: 'Лёгкий', medium: 'Средний', hard: 'Сложный',
    playWhite: 'Играть белыми', playBlack: 'Играть чёрными', newGame: 'Новая игра', close: 'Закрыть',
    hint: 'Подсказка', undo: 'Отменить', redo: 'Вернуть', flip: 'Перевернуть',
    summary_czech: 'Простые бьют только вперёд, дамки дальнобойные; если дамка может бить, бьёт дамка.',
    summary_russian: 'Простые бьют и назад, дамки дальнобойные; ставшая дамкой во время боя бьёт дальше как дамка.',
    summary_english: 'Дамка ходит на одно поле; простые бьют только вперёд; первыми ходят чёрные.',
    white: 'Белые', black: 'Чёрные',
    toMove: 'Ход: {side}', yourMove: 'Ваш ход ({side})', thinking: 'Компьютер думает…',
    mustCapture: '{side} должны бить', kingMustCapture: 'Дамка может бить — бить нужно дамкой',
    captureCompulsory: 'Бить обязательно', czechKing: 'В чешских шашках бьёт дамка',
    notYourPiece: 'Это не ваша шашка', waitTurn: 'Подождите хода компьютера',
    continueCapture: 'Продолжайте взятие', gameOver: 'Партия окончена',
    wins: '{side} выиграли', draw: 'Ничья',
    reason_noPieces: 'не осталось шашек', reason_noMoves: 'нет ходов',
    reason_repetition: 'позиция повторилась трижды',
    reason_fortyQuietMoves: '40 ходов без взятия и превращения',
    reason_fortyKingMoves: '40 ходов без взятия и хода простой',
    reason_fifteenKingMoves: '15 ходов только дамками',
    reason_threeKings: 'три дамки не поймали одну за 15 ходов',
    reason_longDiagonal: 'одинокая дамка удержала большую дорогу',
    reason_smallEnding: 'одинокая дамка продержалась 5 ходов',
    reason_kingEnding: 'нет прогресса в дамочном окончании',
    corrupted: 'Сохранённую партию не удалось прочитать; начата новая.',
    hintShown: 'Подсказка: {move}', board: 'Доска',
  },
  cs: {
    pageTitle: 'Shashki — česká, ruská a anglická dáma',
    games: 'Partie', noGames: 'Zatím žádné partie. Objeví se tu dohrané i přerušené partie.', theme: 'Barva desky',
    offerDraw: 'Nabídnout remízu', resign: 'Vzdát', computer: 'Počítač', you: 'Vy',
    abandonAsk: 'Přerušit rozehranou partii? Zůstane v seznamu partií.', abandonYes: 'Začít novou',
    resignAsk: 'Vzdát tuto partii?', drawAsk: '{side} nabízí remízu. {other}, přijímáte?', acceptDraw: 'Přijmout remízu',
    drawAccepted: 'Počítač remízu přijal', drawDeclined: 'Počítač remízu odmítl',
    drawThinking: 'Počítač zvažuje nabídku…',
    reason_resign: '{side} se vzdal', reason_agreement: 'dohodou',
    viewingLine: 'Nejlepší pokračování, tah {n}', editorOver: 'V této pozici nelze hrát — {result}: {reason}',
    reopen: 'Otevřít', exportPdn: 'PDN', unfinished: 'nedohráno', plies: 'tahů: {n}',
    tools: 'Hra', pdn: 'Uložit / načíst (PDN)', editor: 'Postavit pozici', analysis: 'Analýza',
    display: 'Zobrazení', animation: 'Animace', sound: 'Zvuk', themeWood: 'Dřevo', themeGreen: 'Zelená', themeBlue: 'Modrá',
    backToGame: 'Zpět do hry', viewingMove: 'Tah {n} z {total}', viewingStart: 'Výchozí pozice',
    copy: 'Kopírovat', download: 'Stáhnout', openFile: 'Otevřít soubor', loadPdn: 'Načíst', cancel: 'Zrušit', copied: 'Zkopírováno',
    pdnLoaded: 'Hra načtena', pdnError: 'Nenačteno: {error}',
    editorHelp: 'Vyberte kámen a klikejte na pole desky. Dalším klikem jej odstraníte.',
    whiteMan: 'Bílý kámen', whiteKing: 'Bílá dáma', blackMan: 'Černý kámen', blackKing: 'Černá dáma', eraser: 'Guma',
    whiteToMove: 'Na tahu bílý', blackToMove: 'Na tahu černý', clear: 'Vyčistit', startPosition: 'Výchozí',
    playComputer: 'Hrát proti počítači', playHotseat: 'Hrát ve dvou', editing: 'Stavění pozice',
    evalWhite: 'Lépe stojí bílý', evalBlack: 'Lépe stojí černý', depth: 'hloubka {d}', winIn: 'výhra za {n}',
    moved: '{side}: {move}', squareEmpty: 'prázdné',
    menu: 'Nabídka', rules: 'Pravidla', howToPlay: 'Jak hrát', mode: 'Režim', language: 'Jazyk',
    czech: 'České', russian: 'Ruské', english: 'Anglické',
    vsComputer: 'Proti počítači', hotseat: 'Dva hráči', easy: 'Lehká', medium: 'Střední', hard: 'Těžká',
    playWhite: 'Hrát bílými', playBlack: 'Hrát černými', newGame: 'Nová hra', close: 'Zavřít',
    hint: 'Nápověda', undo: 'Zpět', redo: 'Znovu', flip: 'Otočit',
    summary_czech: 'Kameny berou jen dopředu, dámy jsou dálkové; může-li brát dáma, musí brát dáma.',
    summary_russian: 'Kameny berou i dozadu, dámy jsou dálkové; kámen povýšený během braní bere dál jako dáma.',
    summary_english: 'Dáma táhne o jedno pole; kameny berou jen dopředu; začíná černý.',
    white: 'Bílý', black: 'Černý',
    toMove: 'Na tahu: {side}', yourMove: 'Váš tah ({side})', thinking: 'Počítač přemýšlí…',
    mustCapture: '{side} musí brát', kingMustCapture: 'Dáma může brát, proto musí brát dáma',
    captureCompulsory: 'Braní je povinné', czechKing: 'V českých pravidlech bere dáma',
    notYourPiece: 'To není váš kámen', waitTurn: 'Počkejte na tah počítače',
    continueCapture: 'Pokračujte v braní', gameOver: 'Hra skončila',
    wins: '{side} vyhrává', draw: 'Remíza',
    reason_noPieces: 'nezbyly žádné kameny', reason_noMoves: 'žádný možný tah',
    reason_repetition: 'třikrát stejná pozice',
    reason_fortyQuietMoves: '40 tahů bez braní a povýšení',
    reason_fortyKingMoves: '40 tahů bez braní a tahu kamenem',
    reason_fifteenKingMoves: '15 tahů jen dámami',
    reason_threeKings: 'tři dámy nechytily osamělou dámu',
    reason_longDiagonal: 'osamělá dáma udržela velkou diagonálu',
    reason_smallEnding: 'osamělá dáma vydržela 5 tahů',
    reason_kingEnding: 'žádný pokrok v dámové koncovce',
    corrupted: 'Uloženou hru nešlo přečíst; začala nová hra.',
    hintShown: 'Nápověda: {move}', board: 'Deska',
  },
};

export const LANGS = ['ru', 'en', 'cs'];

let lang = 'en';

export function setLang(l) {
  lang = LANGS.includes(l) ? l : 'en';
  document.documentElement.lang = lang;
}

export function getLang() {
  return lang;
}

/// The browser's preferred language among ours, English otherwise.
export function browserLang() {
  for (const l of navigator.languages || [navigator.language || 'en']) {
    const code = String(l).slice(0, 2).toLowerCase();
    if (LANGS.includes(code)) return code;
  }
  return 'en';
}

export function t(key, vars = {}) {
  const s = STRINGS[lang][key] ?? STRINGS.en[key] ?? key;
  return s.replace(/\{(\w+)\}/g, (_, k) => vars[k] ?? '');
}

/// Fills every element marked with data-i18n (text) or data-i18n-title (tooltip).
export function translatePage(root = document) {
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-label]')) el.setAttribute('aria-label', t(el.dataset.i18nLabel));
  for (const el of root.querySelectorAll('[data-i18n-title]')) {
    el.title = t(el.dataset.i18nTitle);
    el.setAttribute('aria-label', el.title);
  }
}
