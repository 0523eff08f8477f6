//! Legal move generation for every variant, driven by the [`Rules`] table.
//!
//! Captures are found by depth-first search over complete sequences. Captured pieces stay on the
//! board until the move ends (Turkish strike): they block and cannot be jumped twice, while the
//! square the moving piece left is empty. A flying king that can land on several squares beyond
//! its victim must pick one from which the capture goes on, if any exists.
//!
//! The search reports each complete sequence to a [`CaptureSink`] with its landing squares, so the
//! same code feeds the legal move list (deduplicated by from/to/captured set), "every path" perft
//! and the notation's path recovery.
//!
//! Speed: the generator is one generic code path, compiled once per rule shape (the few [`Rules`]
//! fields it reads) and side to move, so that in the hot loops the rules and directions are
//! constants. [`dispatch`] picks the instance; a [`Rules`] value of no known shape still runs,
//! reading its fields at run time. Which pieces can capture is decided with shifted bitboards
//! before any search, and perft counts leaves without building moves.

use alloc::vec::Vec;
use core::marker::PhantomData;

use crate::bitboard::{origin, slide, step, Bitboard, Dir, BOTTOM_ROW, JUMP_BITS, TOP_ROW};
use crate::moves::Move;
use crate::position::{Color, Position};
use crate::square::Square;
use crate::variant::{KingRange, Rules, CZECH, ENGLISH, RUSSIAN};

/// Longest possible capture path: one landing per captured piece.
const MAX_PATH: usize = 32;
/// A path buffer's initial value (a constant, so it is filled as one block).
const NO_PATH: [Square; MAX_PATH] = [Square::ALL[0]; MAX_PATH];

/// Receives every complete capture sequence: the landing squares in order (the last is the
/// destination), the captured set and whether the piece is crowned.
pub trait CaptureSink {
    fn capture(&mut self, from: Square, path: &[Square], captured: Bitboard, promotes: bool);

    /// Called before the sequences of each piece that can capture.
    #[inline(always)]
    fn start_piece(&mut self) {}
}

/// `$body` once for each direction of a literal list, with `$d` bound to it: unrolled, so the
/// direction is a constant in each copy (shifts fold; no loop or jump table).
macro_rules! unrolled {
    ($d:ident in [$($dir:expr),+] $body:block) => {
        $({
            let $d: Dir = $dir;
            $body
        })+
    };
    ($d:ident in ALL_DIRS $body:block) => {
        unrolled!($d in [Dir::UpLeft, Dir::UpRight, Dir::DownLeft, Dir::DownRight] $body)
    };
}

/// The rule fields the generator reads: constants for the known variants, run-time reads for any
/// other [`Rules`] value.
pub(crate) trait Shape {
    fn flying(rules: &Rules) -> bool;
    fn men_back(rules: &Rules) -> bool;
    fn king_priority(rules: &Rules) -> bool;
    fn crowned_continues(rules: &Rules) -> bool;
}

/// A rule shape known at compile time.
pub(crate) struct Fixed<
    const FLYING: bool,
    const BACK: bool,
    const PRIORITY: bool,
    const GOES_ON: bool,
>;

impl<const FLYING: bool, const BACK: bool, const PRIORITY: bool, const GOES_ON: bool> Shape
    for Fixed<FLYING, BACK, PRIORITY, GOES_ON>
{
    #[inline(always)]
    fn flying(_: &Rules) -> bool {
        FLYING
    }
    #[inline(always)]
    fn men_back(_: &Rules) -> bool {
        BACK
    }
    #[inline(always)]
    fn king_priority(_: &Rules) -> bool {
        PRIORITY
    }
    #[inline(always)]
    fn crowned_continues(_: &Rules) -> bool {
        GOES_ON
    }
}

/// The rule shape read from the table at run time.
pub(crate) struct Dynamic;

impl Shape for Dynamic {
    #[inline(always)]
    fn flying(rules: &Rules) -> bool {
        rules.king_range == KingRange::Flying
    }
    #[inline(always)]
    fn men_back(rules: &Rules) -> bool {
        rules.men_capture_backward
    }
    #[inline(always)]
    fn king_priority(rules: &Rules) -> bool {
        rules.king_capture_priority
    }
    #[inline(always)]
    fn crowned_continues(rules: &Rules) -> bool {
        rules.crowned_man_continues
    }
}

const fn shape_bits(r: &Rules) -> u8 {
    matches!(r.king_range, KingRange::Flying) as u8
        | (r.men_capture_backward as u8) << 1
        | (r.king_capture_priority as u8) << 2
        | (r.crowned_man_continues as u8) << 3
}

const fn bit(shape: u8, i: u8) -> bool {
    shape & (1 << i) != 0
}

macro_rules! fixed_shape {
    ($name:ident, $bits:ident, $rules:expr) => {
        const $bits: u8 = shape_bits(&$rules);
        type $name =
            Fixed<{ bit($bits, 0) }, { bit($bits, 1) }, { bit($bits, 2) }, { bit($bits, 3) }>;
    };
}
fixed_shape!(EnglishShape, ENGLISH_BITS, ENGLISH);
fixed_shape!(RussianShape, RUSSIAN_BITS, RUSSIAN);
fixed_shape!(CzechShape, CZECH_BITS, CZECH);

/// Work done by a generator instance (see [`dispatch`]).
pub(crate) trait Job {
    type Out;
    fn run<Sh: Shape, C: Side>(self, pos: &Position, rules: &Rules) -> Self::Out;
}

/// Runs `job` with the generator instance for the rules' shape and the side to move.
#[inline(always)]
pub(crate) fn dispatch<J: Job>(pos: &Position, rules: &Rules, job: J) -> J::Out {
    macro_rules! run {
        ($sh:ty) => {
            match pos.side_to_move() {
                Color::White => job.run::<$sh, WhiteToMove>(pos, rules),
                Color::Black => job.run::<$sh, BlackToMove>(pos, rules),
            }
        };
    }
    match shape_bits(rules) {
        ENGLISH_BITS => run!(EnglishShape),
        RUSSIAN_BITS => run!(RussianShape),
        CZECH_BITS => run!(CzechShape),
        _ => run!(Dynamic),
    }
}

/// The side to move, as a type: its directions and crowning row are constants.
pub(crate) trait Side {
    const US: Color;
    /// The directions its men move and (in most variants) capture.
    const FORWARD: [Dir; 2];
    const BACKWARD: [Dir; 2];
    /// Where its men are crowned.
    const CROWN: u32;
    /// The side to move after this one.
    type Other: Side;
}

pub(crate) struct WhiteToMove;
pub(crate) struct BlackToMove;

impl Side for WhiteToMove {
    const US: Color = Color::White;
    const FORWARD: [Dir; 2] = [Dir::UpLeft, Dir::UpRight];
    const BACKWARD: [Dir; 2] = [Dir::DownLeft, Dir::DownRight];
    const CROWN: u32 = TOP_ROW.0;
    type Other = BlackToMove;
}

impl Side for BlackToMove {
    const US: Color = Color::Black;
    const FORWARD: [Dir; 2] = [Dir::DownLeft, Dir::DownRight];
    const BACKWARD: [Dir; 2] = [Dir::UpLeft, Dir::UpRight];
    const CROWN: u32 = BOTTOM_ROW.0;
    type Other = WhiteToMove;
}

/// `a.count_ones() + b.count_ones()` as one 64-bit count (half the work where the CPU has no
/// population-count instruction).
#[inline(always)]
fn count_pair(a: u32, b: u32) -> u64 {
    (((a as u64) << 32) | b as u64).count_ones() as u64
}

/// The side to move's men and kings, the opponent's pieces and the empty squares.
#[derive(Copy, Clone)]
struct Sides {
    men: u32,
    kings: u32,
    opp: u32,
    empty: u32,
}

impl Sides {
    #[inline(always)]
    fn of<C: Side>(pos: &Position) -> Sides {
        let (us, them) = (C::US, !C::US);
        Sides {
            men: pos.men(us).0,
            kings: pos.kings(us).0,
            opp: pos.pieces(them).0,
            empty: pos.empty_squares().0,
        }
    }

    /// Squares from which a short jump in `dir` is possible: an opponent next to them in `dir`
    /// with an empty square beyond.
    #[inline(always)]
    fn jumpers(&self, dir: Dir) -> u32 {
        let back = dir.opposite();
        step(step(Bitboard(self.empty), back) & Bitboard(self.opp), back).0
    }

    /// Whether a flying king on `sq` can capture.
    #[inline(always)]
    fn flying_can_capture(&self, sq: Square) -> bool {
        let occupied = Bitboard(!self.empty);
        unrolled!(d in ALL_DIRS {
            if matches!(slide(sq, d, occupied).1, Some(v) if self.opp & v.bit() != 0
                && step(Bitboard::from_square(v), d).0 & self.empty != 0)
            {
                return true;
            }
        });
        false
    }

    /// The men and the kings of the side to move that have a capture.
    #[inline(always)]
    fn capturers<Sh: Shape, C: Side>(&self, rules: &Rules) -> (u32, u32) {
        let short_kings = if Sh::flying(rules) { 0 } else { self.kings };
        let (mut men, mut kings) = (0, 0);
        for d in C::FORWARD {
            let j = self.jumpers(d);
            men |= self.men & j;
            kings |= short_kings & j;
        }
        if Sh::men_back(rules) || short_kings != 0 {
            let back_men = if Sh::men_back(rules) { self.men } else { 0 };
            for d in C::BACKWARD {
                let j = self.jumpers(d);
                men |= back_men & j;
                kings |= short_kings & j;
            }
        }
        if Sh::flying(rules) {
            for k in Bitboard(self.kings) {
                if self.flying_can_capture(k) {
                    kings |= k.bit();
                }
            }
        }
        (men, kings)
    }

    /// Whether the side to move has a capture (stops at the first one found).
    #[inline(always)]
    fn any_capture<Sh: Shape, C: Side>(&self, rules: &Rules) -> bool {
        if !Sh::flying(rules) {
            let (men, kings) = self.capturers::<Sh, C>(rules);
            return men | kings != 0;
        }
        let mut men = 0;
        for d in C::FORWARD {
            men |= self.men & self.jumpers(d);
        }
        if Sh::men_back(rules) {
            for d in C::BACKWARD {
                men |= self.men & self.jumpers(d);
            }
        }
        men != 0
            || Bitboard(self.kings)
                .into_iter()
                .any(|k| self.flying_can_capture(k))
    }

    /// Number of quiet moves.
    #[inline(always)]
    fn count_quiet<Sh: Shape, C: Side>(&self, rules: &Rules) -> u64 {
        let [a, b] = C::FORWARD;
        if Sh::flying(rules) {
            let men = Bitboard(self.men);
            let mut n = count_pair(step(men, a).0 & self.empty, step(men, b).0 & self.empty);
            let occupied = Bitboard(!self.empty);
            for k in Bitboard(self.kings) {
                // The four rays are disjoint: one count for all.
                let mut targets = 0;
                unrolled!(d in ALL_DIRS {
                    targets |= slide(k, d, occupied).0 .0;
                });
                n += targets.count_ones() as u64;
            }
            n
        } else {
            let movers = Bitboard(self.men | self.kings);
            let mut n = count_pair(
                step(movers, a).0 & self.empty,
                step(movers, b).0 & self.empty,
            );
            if self.kings != 0 {
                let [c, d] = C::BACKWARD;
                let kings = Bitboard(self.kings);
                n += count_pair(step(kings, c).0 & self.empty, step(kings, d).0 & self.empty);
            }
            n
        }
    }

    /// Number of capture sequences of `men` (men of the side to move that can capture), where men
    /// capture forward only and stop on the crowning row. Such a man climbs a row pair with every
    /// jump, so it never meets its earlier victims or its starting square again: the position's
    /// own sets decide every jump, and no two sequences share a captured set (nothing to
    /// deduplicate). Landings with no jump onward are counted by popcount.
    #[inline(always)]
    fn count_forward_man_captures<C: Side>(&self, men: u32) -> u64 {
        let [a, b] = C::FORWARD;
        let (ja, jb) = (self.jumpers(a), self.jumpers(b));
        let onward = (ja | jb) & !C::CROWN;
        let la = step(step(Bitboard(men & ja), a), a).0;
        let lb = step(step(Bitboard(men & jb), b), b).0;
        let mut n = count_pair(la & !onward, lb & !onward);
        // Two men may land on one square from the two sides: count each.
        for sq in Bitboard(la & onward)
            .into_iter()
            .chain(Bitboard(lb & onward))
        {
            n += self.forward_sequences::<C>(sq);
        }
        n
    }

    /// Complete capture sequences of a forward-capturing man standing on `sq` mid-capture.
    fn forward_sequences<C: Side>(&self, sq: Square) -> u64 {
        let mut n = 0;
        for d in C::FORWARD {
            let [v, l] = JUMP_BITS[sq.index()][d as usize];
            if self.opp & v != 0 && self.empty & l != 0 {
                n += if l & C::CROWN != 0 {
                    1
                } else {
                    self.forward_sequences::<C>(Square::from_index_unchecked(l.trailing_zeros()))
                };
            }
        }
        n.max(1)
    }

    /// Appends the quiet moves: men by direction, then each king by direction, squares ascending.
    #[inline(always)]
    fn quiet<Sh: Shape, C: Side>(&self, rules: &Rules, out: &mut Vec<Move>) {
        let crown = C::CROWN;
        for d in C::FORWARD {
            for to in step(Bitboard(self.men), d) & Bitboard(self.empty) {
                let promotes = crown & to.bit() != 0;
                out.push(Move::new(origin(to, d), to, Bitboard::EMPTY, promotes));
            }
        }
        let occupied = Bitboard(!self.empty);
        for k in Bitboard(self.kings) {
            unrolled!(d in ALL_DIRS {
                let targets = if Sh::flying(rules) {
                    slide(k, d, occupied).0
                } else {
                    step(Bitboard::from_square(k), d) & Bitboard(self.empty)
                };
                for to in targets {
                    out.push(Move::new(k, to, Bitboard::EMPTY, false));
                }
            });
        }
    }
}

/// The state of the capture search for one side to move; reset for each capturing piece.
struct Capture<'a, Sh, C: Side, S> {
    rules: &'a Rules,
    sink: &'a mut S,
    from: Square,
    /// Pieces that can still be captured: opponents not yet jumped.
    /// (Kept separately from `occupied` because jumped pieces still block.)
    victims: u32,
    /// Every piece on the board except the moving one.
    occupied: u32,
    /// Squares with a man's jump in the position itself. A man landing elsewhere has no jump
    /// onward: always where men capture forward only (see
    /// [`Sides::count_forward_man_captures`]), and after the first jump where they also capture
    /// backward (see [`count`]); deeper than that the search decides.
    onward: u32,
    path: [Square; MAX_PATH],
    len: usize,
    shape: PhantomData<(Sh, C)>,
}

impl<'a, Sh: Shape, C: Side, S: CaptureSink> Capture<'a, Sh, C, S> {
    #[inline(always)]
    fn new(rules: &'a Rules, sides: &Sides, sink: &'a mut S) -> Self {
        let mut onward = sides.jumpers(C::FORWARD[0]) | sides.jumpers(C::FORWARD[1]);
        if Sh::men_back(rules) {
            onward |= sides.jumpers(C::BACKWARD[0]) | sides.jumpers(C::BACKWARD[1]);
        }
        Capture {
            rules,
            sink,
            from: Square::ALL[0],
            victims: 0,
            occupied: 0,
            onward,
            path: NO_PATH,
            len: 0,
            shape: PhantomData,
        }
    }

    #[inline(always)]
    fn begin(&mut self, sides: &Sides, from: Square) {
        self.from = from;
        self.victims = sides.opp;
        self.occupied = !sides.empty & !from.bit();
        self.len = 0;
        self.sink.start_piece();
    }

    #[inline(always)]
    fn emit(&mut self, captured: u32, promotes: bool) {
        self.sink.capture(
            self.from,
            &self.path[..self.len],
            Bitboard(captured),
            promotes,
        );
    }

    #[inline(always)]
    fn push(&mut self, sq: Square) {
        self.path[self.len] = sq;
        self.len += 1;
    }

    /// Jumps of a man from `sq`; returns whether any exists.
    fn man(&mut self, sq: Square, captured: u32) -> bool {
        let mut found = false;
        if Sh::men_back(self.rules) {
            for d in Dir::ALL {
                found |= self.man_jump(sq, d, captured);
            }
        } else {
            for d in C::FORWARD {
                found |= self.man_jump(sq, d, captured);
            }
        }
        found
    }

    #[inline(always)]
    fn man_jump(&mut self, sq: Square, d: Dir, before: u32) -> bool {
        let [v, l] = JUMP_BITS[sq.index()][d as usize];
        if self.victims & v == 0 || self.occupied & l != 0 {
            return false;
        }
        let captured = before | v;
        let last = l & self.onward == 0 && (!Sh::men_back(self.rules) || before == 0);
        let to = Square::from_index_unchecked(l.trailing_zeros());
        self.victims ^= v;
        self.push(to);
        if l & C::CROWN != 0 {
            if !(Sh::crowned_continues(self.rules) && self.king(to, Some(d), captured, true)) {
                self.emit(captured, true);
            }
        } else if last || !self.man(to, captured) {
            self.emit(captured, false);
        }
        self.len -= 1;
        self.victims ^= v;
        true
    }

    /// Captures by a king (of the variant's range) from `sq`, having arrived moving in `came`.
    #[inline(always)]
    fn king(&mut self, sq: Square, came: Option<Dir>, captured: u32, promotes: bool) -> bool {
        if Sh::flying(self.rules) {
            self.flying(sq, came, captured, promotes)
        } else {
            self.short_king(sq, captured, promotes)
        }
    }

    fn short_king(&mut self, sq: Square, captured: u32, promotes: bool) -> bool {
        let mut found = false;
        for d in Dir::ALL {
            let [v, l] = JUMP_BITS[sq.index()][d as usize];
            if self.victims & v == 0 || self.occupied & l != 0 {
                continue;
            }
            found = true;
            let captured = captured | v;
            let to = Square::from_index_unchecked(l.trailing_zeros());
            self.victims ^= v;
            self.push(to);
            if !self.short_king(to, captured, promotes) {
                self.emit(captured, promotes);
            }
            self.len -= 1;
            self.victims ^= v;
        }
        found
    }

    /// Whether a flying king on `sq` (arrived moving in `came`) has any capture.
    #[inline(always)]
    fn flying_can_capture(&self, sq: Square, came: Dir) -> bool {
        let occupied = Bitboard(self.occupied);
        unrolled!(d in ALL_DIRS {
            if d != came.opposite()
                && matches!(slide(sq, d, occupied).1, Some(v) if self.victims & v.bit() != 0 && {
                    let beyond = step(Bitboard::from_square(v), d).0;
                    beyond != 0 && beyond & self.occupied == 0
                })
            {
                return true;
            }
        });
        false
    }

    fn flying(&mut self, sq: Square, came: Option<Dir>, captured: u32, promotes: bool) -> bool {
        let occupied = Bitboard(self.occupied);
        let mut found = false;
        for d in Dir::ALL {
            if Some(d.opposite()) == came {
                continue; // straight back meets the piece just jumped
            }
            let Some(v) = slide(sq, d, occupied).1 else {
                continue;
            };
            if self.victims & v.bit() == 0 {
                continue;
            }
            let (landings, _) = slide(v, d, occupied);
            if landings.is_empty() {
                continue;
            }
            found = true;
            let captured = captured | v.bit();
            self.victims ^= v.bit();
            let mut going_on = Bitboard::EMPTY;
            for l in landings {
                if self.flying_can_capture(l, d) {
                    going_on = going_on.with(l);
                }
            }
            if going_on.any() {
                for l in going_on {
                    self.push(l);
                    self.flying(l, Some(d), captured, promotes);
                    self.len -= 1;
                }
            } else {
                for l in landings {
                    self.push(l);
                    self.emit(captured, promotes);
                    self.len -= 1;
                }
            }
            self.victims ^= v.bit();
        }
        found
    }
}

/// Runs the capture search for the pieces that can capture (`men`, `kings`: from
/// [`Sides::capturers`]), kings first, honouring the king priority.
/// Returns whether any capture exists.
#[inline(always)]
fn captures<Sh: Shape, C: Side, S: CaptureSink>(
    rules: &Rules,
    sides: &Sides,
    men: u32,
    kings: u32,
    sink: &mut S,
) -> bool {
    let mut search = Capture::<Sh, C, S>::new(rules, sides, sink);
    let mut found = false;
    for k in Bitboard(kings) {
        search.begin(sides, k);
        found |= search.king(k, None, 0, false);
    }
    if found && Sh::king_priority(rules) {
        return true;
    }
    for m in Bitboard(men) {
        search.begin(sides, m);
        found |= search.man(m, 0);
    }
    found
}

/// Collects moves; with `DEDUP`, sequences with the same from, to, captured set and crowning
/// (which give the same position) are kept once.
struct ListSink<'a, const DEDUP: bool> {
    out: &'a mut Vec<Move>,
    piece_start: usize,
}

impl<const DEDUP: bool> CaptureSink for ListSink<'_, DEDUP> {
    #[inline(always)]
    fn capture(&mut self, from: Square, path: &[Square], captured: Bitboard, promotes: bool) {
        let m = Move::new(from, path[path.len() - 1], captured, promotes);
        // A single capture has exactly one path; only longer ones can repeat.
        if DEDUP && captured.count() >= 2 && self.out[self.piece_start..].contains(&m) {
            return;
        }
        self.out.push(m);
    }

    #[inline(always)]
    fn start_piece(&mut self) {
        self.piece_start = self.out.len();
    }
}

/// Counts sequences like [`ListSink`] collects them; `seen` holds the position's multi-captures
/// for deduplication (a duplicate has the same from square, so this equals a per-piece check).
struct CountSink<'a, const DEDUP: bool> {
    n: u64,
    seen: &'a mut Vec<Move>,
}

impl<const DEDUP: bool> CaptureSink for CountSink<'_, DEDUP> {
    #[inline(always)]
    fn capture(&mut self, from: Square, path: &[Square], captured: Bitboard, promotes: bool) {
        if DEDUP && captured.count() >= 2 {
            let m = Move::new(from, path[path.len() - 1], captured, promotes);
            if self.seen.contains(&m) {
                return;
            }
            self.seen.push(m);
        }
        self.n += 1;
    }
}

/// Fills `out` (cleared first) with the legal moves; `DEDUP` as in [`ListSink`].
#[inline(always)]
pub(crate) fn generate<Sh: Shape, C: Side, const DEDUP: bool>(
    pos: &Position,
    rules: &Rules,
    out: &mut Vec<Move>,
) {
    out.clear();
    let sides = Sides::of::<C>(pos);
    let (men, kings) = sides.capturers::<Sh, C>(rules);
    if men | kings != 0 {
        let mut sink = ListSink::<DEDUP> {
            out,
            piece_start: 0,
        };
        captures::<Sh, C, _>(rules, &sides, men, kings, &mut sink);
    } else {
        sides.quiet::<Sh, C>(rules, out);
    }
}

/// The number of legal moves, counted without building them (`DEDUP` as in [`ListSink`];
/// `scratch` is working space).
#[inline(always)]
pub(crate) fn count<Sh: Shape, C: Side, const DEDUP: bool>(
    pos: &Position,
    rules: &Rules,
    scratch: &mut Vec<Move>,
) -> u64 {
    let sides = Sides::of::<C>(pos);
    let (men, kings) = sides.capturers::<Sh, C>(rules);
    if men | kings == 0 {
        return sides.count_quiet::<Sh, C>(rules);
    }
    let forward_only = !Sh::men_back(rules) && !Sh::crowned_continues(rules);
    if kings == 0 && forward_only {
        return sides.count_forward_man_captures::<C>(men);
    }
    scratch.clear();
    let mut sink = CountSink::<DEDUP> {
        n: 0,
        seen: scratch,
    };
    let mut search = Capture::<Sh, C, _>::new(rules, &sides, &mut sink);
    let mut found = false;
    for k in Bitboard(kings) {
        search.begin(&sides, k);
        found |= search.king(k, None, 0, false);
    }
    if (found && Sh::king_priority(rules)) || men == 0 {
        return sink.n;
    }
    let mut n = 0;
    if forward_only {
        n = sides.count_forward_man_captures::<C>(men);
    } else if Sh::men_back(rules) {
        // A man's first jump lands where, in the position itself, it has a jump onward exactly
        // when it has one mid-capture (the one way back, over its victim onto its starting
        // square, is closed either way). Single jumps that end there are counted by popcount.
        let mut onward = C::CROWN;
        unrolled!(d in ALL_DIRS {
            onward |= sides.jumpers(d);
        });
        unrolled!(d in ALL_DIRS {
            let first = men & sides.jumpers(d);
            if first != 0 {
                let back = d.opposite();
                let going_on = first & step(step(Bitboard(onward), back), back).0;
                n += (first & !going_on).count_ones() as u64;
                for from in Bitboard(going_on) {
                    search.begin(&sides, from);
                    search.man_jump(from, d, 0);
                }
            }
        });
    } else {
        for m in Bitboard(men) {
            search.begin(&sides, m);
            search.man(m, 0);
        }
    }
    n + sink.n
}

struct Generate<'a, const DEDUP: bool>(&'a mut Vec<Move>);

impl<const DEDUP: bool> Job for Generate<'_, DEDUP> {
    type Out = ();
    fn run<Sh: Shape, C: Side>(self, pos: &Position, rules: &Rules) {
        generate::<Sh, C, DEDUP>(pos, rules, self.0)
    }
}

/// Fills `out` with the legal moves of the side to move (cleared first). Moves that differ only
/// in their path appear once.
pub fn legal_moves(pos: &Position, rules: &Rules, out: &mut Vec<Move>) {
    dispatch(pos, rules, Generate::<true>(out))
}

/// Like [`legal_moves`], but every capture path is its own entry (the convention of most
/// published perft tables).
pub fn legal_moves_all_paths(pos: &Position, rules: &Rules, out: &mut Vec<Move>) {
    dispatch(pos, rules, Generate::<false>(out))
}

struct Sequences<'a, S>(&'a mut S);

impl<S: CaptureSink> Job for Sequences<'_, S> {
    type Out = bool;
    fn run<Sh: Shape, C: Side>(self, pos: &Position, rules: &Rules) -> bool {
        let sides = Sides::of::<C>(pos);
        let (men, kings) = sides.capturers::<Sh, C>(rules);
        captures::<Sh, C, _>(rules, &sides, men, kings, self.0)
    }
}

/// Reports every complete capture sequence of the side to move (honouring the king priority).
pub fn capture_sequences<S: CaptureSink>(pos: &Position, rules: &Rules, sink: &mut S) -> bool {
    dispatch(pos, rules, Sequences(sink))
}

struct HasCapture;

impl Job for HasCapture {
    type Out = bool;
    #[inline(always)]
    fn run<Sh: Shape, C: Side>(self, pos: &Position, rules: &Rules) -> bool {
        Sides::of::<C>(pos).any_capture::<Sh, C>(rules)
    }
}

/// Whether the side to move must capture.
pub fn has_capture(pos: &Position, rules: &Rules) -> bool {
    dispatch(pos, rules, HasCapture)
}

/// Whether the side to move has any non-capturing move (a piece with an empty square to step to).
#[inline]
pub fn has_quiet_move(pos: &Position) -> bool {
    let us = pos.side_to_move();
    let empty = pos.empty_squares();
    let men = pos.men(us);
    let kings = pos.kings(us);
    let [a, b, c, d] = match us {
        Color::White => [Dir::UpLeft, Dir::UpRight, Dir::DownLeft, Dir::DownRight],
        Color::Black => [Dir::DownLeft, Dir::DownRight, Dir::UpLeft, Dir::UpRight],
    };
    ((step(men | kings, a) | step(men | kings, b)) & empty).any()
        || ((step(kings, c) | step(kings, d)) & empty).any()
}

struct CountQuiet;

impl Job for CountQuiet {
    type Out = u64;
    fn run<Sh: Shape, C: Side>(self, pos: &Position, rules: &Rules) -> u64 {
        Sides::of::<C>(pos).count_quiet::<Sh, C>(rules)
    }
}

/// Number of quiet moves, without building them (perft's bulk count at the leaves).
pub fn count_quiet_moves(pos: &Position, rules: &Rules) -> u64 {
    dispatch(pos, rules, CountQuiet)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    /// Positions from random games (with kings and long captures), the same on every run.
    fn random_positions(rules: &Rules, games: usize) -> Vec<Position> {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut out = Vec::new();
        let mut moves = Vec::new();
        for _ in 0..games {
            let mut p = Position::start(rules.first_to_move);
            for _ in 0..150 {
                legal_moves(&p, rules, &mut moves);
                if moves.is_empty() {
                    break;
                }
                out.push(p);
                seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                p = p.play(&moves[(seed >> 33) as usize % moves.len()]);
            }
        }
        out
    }

    fn dynamic<const DEDUP: bool>(pos: &Position, rules: &Rules, out: &mut Vec<Move>) {
        match pos.side_to_move() {
            Color::White => generate::<Dynamic, WhiteToMove, DEDUP>(pos, rules, out),
            Color::Black => generate::<Dynamic, BlackToMove, DEDUP>(pos, rules, out),
        }
    }

    /// The compiled-in shapes must behave exactly as the rules table read at run time, and the
    /// counts must match the lists, in every variant.
    #[test]
    fn fixed_shapes_agree_with_the_rules_table() {
        let (mut fixed, mut read, mut scratch) = (Vec::new(), Vec::new(), Vec::new());
        for v in Variant::ALL {
            let rules = v.rules();
            let positions = random_positions(rules, 60);
            assert!(positions.iter().any(|p| p.kings(Color::White).any()));
            for p in &positions {
                legal_moves(p, rules, &mut fixed);
                dynamic::<true>(p, rules, &mut read);
                assert_eq!(fixed, read, "{v} {p:?}");
                let n = match p.side_to_move() {
                    Color::White => count::<Dynamic, WhiteToMove, true>(p, rules, &mut scratch),
                    Color::Black => count::<Dynamic, BlackToMove, true>(p, rules, &mut scratch),
                };
                assert_eq!(n, fixed.len() as u64, "{v} {p:?}");
                legal_moves_all_paths(p, rules, &mut fixed);
                dynamic::<false>(p, rules, &mut read);
                assert_eq!(fixed, read, "{v} {p:?}");
                let captures = fixed.iter().any(Move::is_capture);
                assert_eq!(has_capture(p, rules), captures, "{v} {p:?}");
                if !captures {
                    assert_eq!(count_quiet_moves(p, rules), fixed.len() as u64);
                }
            }
        }
    }
}
