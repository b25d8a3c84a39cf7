/* The TriPeaks solver's depth-first search, in C: the model of paciencia/games/tripeaks/solver.py
 * (read its docstring: the moves, the key, the dead positions and their proofs).
 *
 * search() runs one depth-first search over make/unmake with a transposition table. Every move
 * is tried (children ordered by a score, with random noise when asked), so running out of moves
 * proves the position lost; a budget of positions or a deadline may stop it first. A win comes
 * back as the moves made, which Python writes as move tokens and replays on the engine.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "_takeaway.h"

#define NP 28   /* the peaks' places */
#define MAXS 52 /* the stock's cards at most (a made-up position may put any card there) */
#define MAXM 640 /* moves of one position at most: 10 free cards, each after 0 to 52 turns */
#define ALL ((1u << NP) - 1)
enum { PLAY = 0 }; /* n turns of the stock, then the card at place a onto the waste */

static uint64_t NEXT[52]; /* the cards one rank from card c, as bits */

typedef struct {
    int8_t kind, a, b, n, card, p; /* b, p: the waste's top and the cards turned before the move */
} Step;

typedef struct {
    int8_t peak[NP]; /* each place's card (-1: none from the start) */
    uint32_t gone;   /* the places emptied */
    uint8_t stock[MAXS];
    int n, p;        /* the stock in the order it is turned, and how many are turned */
    int top;         /* the waste's top */
    Step *trail;
    int nt, tcap;
} TB;

static void make(TB *b, Step m) {
    m.b = (int8_t)b->top;
    m.p = (int8_t)b->p;
    b->p += m.n;
    b->gone |= 1u << m.a;
    b->top = m.card;
    TRAIL_PUSH(b, m);
}

static void unmake(TB *b) {
    Step m = b->trail[--b->nt];
    b->gone &= ~(1u << m.a);
    b->top = m.b;
    b->p = m.p;
}

/* The ranks in the order a card's neighbours chain them: rank 1's card lies on a 0 or a 2, a 2 on
 * a 1 or a 3..., King and Ace neighbours, so the ranks wanted and the ranks that take them make
 * one cycle: wanted 1, taken by 2, wanted 3, ..., wanted 12, taken by 0, wanted 1 again. */
static const int CYCLE[13] = {1, 3, 5, 7, 9, 11, 0, 2, 4, 6, 8, 10, 12};

/* solver.py, "Dead positions": the peak cards left cannot each be given a card to lie on (a
 * card of a rank next to theirs: one left on the peaks, one in the stock, or the waste's top,
 * each taken by one card at most). By Hall's theorem on the cycle of ranks, it is enough to
 * check every run of ranks wanted that follow one another on it, and the whole cycle. */
static int hopeless(const TB *b) {
    int want[13] = {0}, give[13] = {0}, total_want = 0, total_give = 0;
    uint32_t places[13] = {0}; /* the places left of each rank */
    uint64_t stock = 0;
    for (uint32_t left = ALL & ~b->gone; left; left &= left - 1) {
        int i = __builtin_ctz(left), r = rank(b->peak[i]);
        want[r]++;
        give[r]++;
        places[r] |= 1u << i;
    }
    for (int q = b->p; q < b->n; q++) {
        give[rank(b->stock[q])]++;
        stock |= 1ULL << b->stock[q];
    }
    give[rank(b->top)]++;
    for (int r = 0; r < 13; r++) {
        total_want += want[r];
        total_give += give[r];
    }
    if (total_want > total_give) return 1;
    /* a card whose only cards to lie on are peak cards that it covers (directly or not) */
    for (uint32_t left = ALL & ~b->gone; left; left &= left - 1) {
        int i = __builtin_ctz(left), c = b->peak[i], r = rank(c);
        if ((NEXT[c] >> b->top & 1) || (NEXT[c] & stock)) continue;
        if (!((places[(r + 1) % 13] | places[(r + 12) % 13]) & ~ABOVE[i])) return 1;
    }
    for (int i = 0; i < 13; i++) {
        int first = CYCLE[i], need = 0, have = give[(first + 12) % 13];
        for (int len = 0; len < 12; len++) {
            int r = CYCLE[(i + len) % 13];
            need += want[r];
            have += give[(r + 1) % 13];
            if (need > have) return 1;
        }
    }
    return 0;
}

/* The order moves are tried in: fewer turns first; then the cards that uncover most, that
 * leave a card to play next, from the rows above the bottom one. Only the order. */
static double score(const TB *b, Step m) {
    uint32_t gone = b->gone | 1u << m.a;
    double s = -6.0 * m.n + 8.0 * __builtin_popcount(freed_by(b->gone, 1u << m.a));
    for (int i = 0; i < NP; i++)
        if (exposed(gone, i) && (NEXT[m.card] >> b->peak[i] & 1)) {
            s += 4.0;
            break;
        }
    return s + (m.a < 18 ? 2.0 : 0.0);
}

TAKEAWAY_FRAME(TB, Step)

static int enter(TB *b, Table *t, Stack *st, Options *o) {
    if (b->gone == ALL) return 1;
    /* the key: the places emptied and the top's rank, the cards turned as one bit (solver.py) */
    uint64_t raw = b->gone | (uint64_t)rank(b->top) << 28;
    int added = table_enter(t, mix(raw ^ 0x545249504B53ULL), raw, b->p, (2ULL << b->p) - 1);
    if (added <= 0) return added;
    if (hopeless(b)) return 0;
    Step ms[MAXM];
    int n = 0, free_[NP], nf = exposed_places(b->gone, NP, free_);
    for (int d = 0; b->p + d <= b->n; d++) {
        int top = d ? b->stock[b->p + d - 1] : b->top;
        for (int x = 0; x < nf; x++) {
            int i = free_[x];
            if (NEXT[top] >> b->peak[i] & 1) ms[n++] = (Step){PLAY, (int8_t)i, 0, (int8_t)d, b->peak[i], 0};
        }
    }
    push_scored(st, b, ms, n, o);
    return 0;
}

#define SEARCH_BOARD TB
#define SEARCH_MOVE Step
#define SEARCH_OPTIONS Options
#define SEARCH_TRAIL_STEPS
#include "_search_run.h"

/* A position from Python: the 28 places (a card, or -1 for an empty place), the stock in the
 * order it is turned, and the waste's top. NULL with ValueError when it is not one. */
static TB *board_from(PyObject *position) {
    PyObject *peaks, *stock;
    int top;
    if (!PyArg_ParseTuple(position, "OOi", &peaks, &stock, &top)) return NULL;
    NEW_BOARD(b, TB, Step);
    int cards[NP];
    int ok = b->trail && read_ints(peaks, cards, NP, -1, 51) && read_cards(stock, b->stock, MAXS, &b->n) && top >= 0 &&
             top < 52;
    if (!ok) return not_a_position(b, b->trail, "not a TriPeaks position for the search");
    for (int i = 0; i < NP; i++) {
        b->peak[i] = (int8_t)cards[i];
        if (cards[i] < 0) b->gone |= 1u << i;
    }
    b->top = top;
    return b;
}

static void options_for(const TB *b, Options *o) { (void)b, (void)o; }

static int setup(PyObject *mod) {
    (void)mod;
    cards_init(BUILD_ANY_SUIT); /* rank() */
    uint32_t cover[NP];
    for (int i = 0; i < NP; i++) {
        int a = -1;
        if (i < 3) a = 3 + 2 * i;                               /* a peak's top: its second row */
        else if (i < 9) a = 9 + 3 * ((i - 3) / 2) + (i - 3) % 2; /* a second-row card: the third row under it */
        else if (i < 18) a = i + 9;                             /* a third-row card: the bottom row */
        cover[i] = cover_pair(a);
    }
    layout_init(NP, cover);
    for (int c = 0; c < 52; c++)
        for (int d = 0; d < 52; d++) {
            int gap = (rank(c) - rank(d) + 13) % 13;
            if (gap == 1 || gap == 12) NEXT[c] |= 1ULL << d;
        }
    return 0;
}

/* search(places, stock, top, budget, seconds, noise, seed) -> (status, steps, nodes); steps as
 * (PLAY, place, top before, turns, card) for a win: that many turns, then the card at the place
 * onto the waste. hopeless(places, stock, top) -> bool: the dead-position test alone. */
TAKEAWAY_MODULE(TB, "Depth-first search of a TriPeaks position (paciencia/games/tripeaks/solver.py).",
                "The dead-position test: True when some card can never be played.", setup)
