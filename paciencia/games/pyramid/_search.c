/* The Pyramid solver's depth-first search, in C: the model of paciencia/games/pyramid/solver.py
 * (read its docstring: the talon as reachable cards, the key and its pointer, the Kings taken at
 * once, the dead positions, and their proofs).
 *
 * search() runs one depth-first search over make/unmake with a transposition table. Every search
 * move is tried (children ordered by a score, with random noise when asked), so running out of
 * moves proves the position lost; a budget of positions or a deadline may stop it first. A win
 * comes back as the search moves made, which Python turns into move tokens (the draws, recycles
 * and Kings of the talon written out) and replays on the engine.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "_takeaway.h"

#define NP 28    /* the pyramid's places */
#define MAXT 52  /* the talon's cards at most (a made-up position may put any card there) */
#define MAXM 256 /* search moves of one position at most: 7 free cards × 52, far more than ever */
#define ALL ((1u << NP) - 1)
enum { KING = 0, PAIR = 1, TALON = 2 }; /* a pyramid King; two pyramid cards; a pyramid card and T[b] */

static uint32_t COMP[NP]; /* the places that must go before or after place i: never its partner */

typedef struct {
    int8_t kind, a, b, n, card, p, k; /* n: the pass the move is made in; p, k: the pointer and passes before it */
} Step;

typedef struct {
    int8_t pyr[NP]; /* each place's card (-1: none from the start) */
    uint32_t gone;  /* the places emptied */
    uint8_t tal[MAXT];
    int n;          /* the talon, in the order a pass turns it (the waste bottom to top, then the stock) */
    uint64_t tgone; /* its cards taken away (the Kings from the start: solver.py) */
    int p, k;       /* the pointer (the waste: the cards before it) and the passes left, the one under way included */
    uint32_t pval[14]; /* the places holding each value (1..13) */
    uint64_t tval[14]; /* the talon indexes holding each value */
    Step *trail;
    int nt, tcap;
} PB;

static inline int value(int c) { return rank(c) + 1; }

static inline int is_free(const PB *b, int i) { return exposed(b->gone, i); }

/* The pointer after the cards from index i on are out of the waste: one past the highest card
 * left below i (0: none), so that T[p - 1] is the waste's top. */
static inline int top_below(const PB *b, int i) {
    uint64_t below = ~b->tgone & (i >= 64 ? ~0ULL : (1ULL << i) - 1);
    return below ? 64 - __builtin_clzll(below) : 0;
}

static inline int talon_left(const PB *b) { return (~b->tgone & (b->n >= 64 ? ~0ULL : (1ULL << b->n) - 1)) != 0; }

static void make(PB *b, Step m) {
    m.p = (int8_t)b->p;
    m.k = (int8_t)b->k;
    b->gone |= 1u << m.a;
    if (m.kind == PAIR) b->gone |= 1u << m.b;
    if (m.kind == TALON) {
        b->tgone |= 1ULL << m.b;
        b->k = m.n;
        b->p = top_below(b, m.b);
        if (!talon_left(b)) b->k = 1; /* the passes no longer matter: one key for them all */
    }
    TRAIL_PUSH(b, m);
}

static void unmake(PB *b) {
    Step m = b->trail[--b->nt];
    b->gone &= ~(1u << m.a);
    if (m.kind == PAIR) b->gone &= ~(1u << m.b);
    if (m.kind == TALON) b->tgone &= ~(1ULL << m.b);
    b->p = m.p;
    b->k = m.k;
}

/* The talon's cards that may still be taken away: those left, but in the last pass not those
 * under a card in the waste that nothing left can pair with (solver.py, "Dead positions"). */
static uint64_t usable(const PB *b) {
    uint64_t left = ~b->tgone & (b->n >= 64 ? ~0ULL : (1ULL << b->n) - 1);
    if (b->k > 1) return left;
    uint32_t there = ALL & ~b->gone;
    for (uint64_t w = left & ((1ULL << b->p) - 1); w;) {
        int d = 63 - __builtin_clzll(w), v = value(b->tal[d]);
        if (!(b->pval[13 - v] & there)) return left & ~((1ULL << d) - 1); /* d itself is dead too */
        w &= ~(1ULL << d);
    }
    return left;
}

/* An augmenting path from the x-th card of xs to the cards of c (Kuhn's), mc[place] the index
 * in xs its card is paired with (-1: none). */
static int augment(int x, const int *xs, uint32_t c, int *mc, uint32_t *visited) {
    for (uint32_t q = c & ~COMP[xs[x]]; q; q &= q - 1) {
        int y = __builtin_ctz(q);
        if (*visited >> y & 1) continue;
        *visited |= 1u << y;
        if (mc[y] < 0 || augment(mc[y], xs, c, mc, visited)) {
            mc[y] = x;
            return 1;
        }
    }
    return 0;
}

/* Whether the pyramid cards of a value (places a) and of its complement (places c) can make at
 * least `need` pairs with one another, each of two cards neither of which must go before the
 * other (a maximum matching; one deck holds 4 cards of a value). */
static int pairs_at_least(uint32_t a, uint32_t c, int need) {
    int xs[NP], nx = 0, mc[NP], found = 0;
    for (uint32_t q = a; q; q &= q - 1) xs[nx++] = __builtin_ctz(q);
    for (int i = 0; i < NP; i++) mc[i] = -1;
    for (int x = 0; x < nx && found < need; x++) {
        uint32_t visited = 0;
        found += augment(x, xs, c, mc, &visited);
    }
    return found >= need;
}

/* solver.py, "Dead positions": a pyramid card with no partner left that can ever be taken with
 * it, or a value and its complement whose cards cannot all find partners. */
static int hopeless(const PB *b) {
    uint64_t tleft = usable(b);
    uint32_t there = ALL & ~b->gone;
    for (int v = 1; v <= 6; v++) {
        uint32_t a = b->pval[v] & there, c = b->pval[13 - v] & there;
        int na = __builtin_popcount(a), nc = __builtin_popcount(c);
        int ta = __builtin_popcountll(b->tval[v] & tleft), tc = __builtin_popcountll(b->tval[13 - v] & tleft);
        int need = na - tc > nc - ta ? na - tc : nc - ta;
        if (need > 0 && (need > na || need > nc || !pairs_at_least(a, c, need))) return 1;
    }
    /* Every card must become free and meet a partner: the cards that ever can, grown to a fixed
     * point from the bottom up (a card whose covers all can go, with a talon partner or a pyramid
     * partner whose covers all can go, can go). */
    uint32_t can = b->gone, alone = 0;
    for (uint32_t q = there; q; q &= q - 1) {
        int x = __builtin_ctz(q), v = value(b->pyr[x]);
        if (v == 13 || (b->tval[13 - v] & tleft)) alone |= 1u << x;
    }
    for (int changed = 1; changed;) {
        changed = 0;
        for (int x = NP - 1; x >= 0; x--) {
            if ((can >> x & 1) || (COVER[x] & ~can)) continue;
            int ok = alone >> x & 1;
            for (uint32_t ys = b->pval[13 - value(b->pyr[x])] & there & ~COMP[x]; ys && !ok; ys &= ys - 1)
                ok = !(COVER[__builtin_ctz(ys)] & ~can);
            if (ok) {
                can |= 1u << x;
                changed = 1;
            }
        }
    }
    return can != ALL;
}

/* The order children are tried in: cards uncovered, pyramid cards taken, the talon's cards kept
 * within reach (a pass spent, cards turned past). Only the order: every move is tried. */
static double score(const PB *b, Step m) {
    uint32_t taken = 1u << m.a | (m.kind == PAIR ? 1u << m.b : 0);
    double s = 10.0 * __builtin_popcount(freed_by(b->gone, taken)) + 6.0 * __builtin_popcount(taken);
    if (m.kind == TALON) {
        if (m.n < b->k) s -= 12.0;
        else s -= 0.5 * __builtin_popcountll(~b->tgone & ((1ULL << m.b) - 1) & ~((1ULL << b->p) - 1));
    }
    return s;
}

/* The search moves: two free pyramid cards that make 13, and a free pyramid card with a talon
 * card that draws and recycles bring to the waste's top (solver.py, "The talon as reachable
 * cards"). The Kings are taken in enter(). */
static int gen(const PB *b, Step *ms) {
    int n = 0, free_[NP], nf = exposed_places(b->gone, NP, free_);
    int tp = b->p - 1; /* the waste's top (-1: none) */
    uint64_t tleft = ~b->tgone;
    for (int x = 0; x < nf; x++) {
        int i = free_[x], v = value(b->pyr[i]);
        for (int y = x + 1; y < nf; y++)
            if (v + value(b->pyr[free_[y]]) == 13) ms[n++] = (Step){PAIR, (int8_t)i, (int8_t)free_[y], 0, 0, 0, 0};
        for (uint64_t ts = b->tval[13 - v] & tleft; ts; ts &= ts - 1) {
            int t = __builtin_ctzll(ts), pass = t >= tp ? b->k : b->k > 1 ? b->k - 1 : 0;
            if (pass) ms[n++] = (Step){TALON, (int8_t)i, (int8_t)t, (int8_t)pass, (int8_t)b->tal[t], 0, 0};
        }
    }
    return n;
}

TAKEAWAY_FRAME(PB, Step)

static int enter(PB *b, Table *t, Stack *st, Options *o) {
    /* solver.py, "Kings" and "Forced pairs": taken at once */
    for (int again = 1; again;) {
        again = 0;
        for (uint32_t kings = b->pval[13] & ~b->gone; kings; kings &= kings - 1) {
            int i = __builtin_ctz(kings);
            if (is_free(b, i)) {
                make(b, (Step){KING, (int8_t)i, 0, 0, b->pyr[i], 0, 0});
                again = 1;
            }
        }
        if (again) continue;
        uint64_t tleft = usable(b);
        for (int i = 0; i < NP && !again; i++) {
            if (!is_free(b, i)) continue;
            int v = value(b->pyr[i]);
            uint32_t partners = b->pval[13 - v] & ~b->gone & ~COMP[i];
            if (v == 13 || (b->tval[13 - v] & tleft) || !partners || (partners & (partners - 1))) continue;
            int j = __builtin_ctz(partners);
            if (!is_free(b, j)) continue;
            make(b, (Step){PAIR, (int8_t)(i < j ? i : j), (int8_t)(i < j ? j : i), 0, 0, 0, 0});
            again = 1;
        }
    }
    if (b->gone == ALL) return 1;
    /* the key: (places emptied, passes) mixed with the talon's cards gone, which is the key's
     * second half (so the pair is the position's exactly) */
    uint64_t k2 = b->tgone, salt = mix(k2 ^ 0x5059524D4944ULL);
    for (int k = b->k + 1; k <= o->maxk; k++)
        if (table_has(t, mix(b->gone | (uint64_t)k << 32) ^ salt, k2)) return 0;
    int added = table_enter(t, mix(b->gone | (uint64_t)b->k << 32) ^ salt, k2, b->p, (2ULL << b->p) - 1);
    if (added <= 0) return added;
    if (hopeless(b)) return 0;
    Step ms[MAXM];
    push_scored(st, b, ms, gen(b, ms), o);
    return 0;
}

#define SEARCH_BOARD PB
#define SEARCH_MOVE Step
#define SEARCH_OPTIONS Options
#define SEARCH_TRAIL_STEPS
#include "_search_run.h"

/* A position from Python: the 28 places (a card, or -1 for an empty place), the talon in the
 * order a pass turns it (the waste bottom to top, then the stock top to bottom), the pointer (the
 * waste's size) and the passes left. The talon's Kings are taken away and the pointer made the
 * waste's top (solver.py). NULL with ValueError when it is not one. */
static PB *board_from(PyObject *position) {
    PyObject *pyr, *tal;
    int p, k;
    if (!PyArg_ParseTuple(position, "OOii", &pyr, &tal, &p, &k)) return NULL;
    NEW_BOARD(b, PB, Step);
    int cards[NP];
    int ok = b->trail && read_ints(pyr, cards, NP, -1, 51) && read_cards(tal, b->tal, MAXT, &b->n) && p >= 0 &&
             p <= b->n && k >= 1 && k <= 9;
    if (!ok) return not_a_position(b, b->trail, "not a Pyramid position for the search");
    for (int i = 0; i < NP; i++) {
        b->pyr[i] = (int8_t)cards[i];
        if (cards[i] < 0) b->gone |= 1u << i;
        else b->pval[value(cards[i])] |= 1u << i;
    }
    for (int q = 0; q < b->n; q++) {
        if (value(b->tal[q]) == 13) b->tgone |= 1ULL << q;
        b->tval[value(b->tal[q])] |= 1ULL << q;
    }
    b->k = k;
    b->p = top_below(b, p);
    if (!talon_left(b)) b->k = 1;
    return b;
}

/* The passes at the start: no key has more. */
static void options_for(const PB *b, Options *o) { o->maxk = b->k; }

static int setup(PyObject *mod) {
    (void)mod;
    cards_init(BUILD_ANY_SUIT); /* rank() */
    uint32_t cover[NP];         /* row r's place i is covered by i + r + 1 and i + r + 2 but on the bottom row */
    for (int i = 0, r = 0; i < NP; i++) {
        if ((r + 1) * (r + 2) / 2 <= i) r++;
        cover[i] = cover_pair(r < 6 ? i + r + 1 : -1);
    }
    layout_init(NP, cover);
    for (int i = 0; i < NP; i++) COMP[i] = BELOW[i] | 1u << i | ABOVE[i];
    return 0;
}

/* search(places, talon, pointer, passes, budget, seconds, noise, seed) -> (status, steps, nodes);
 * steps as (kind, a, b, pass, card) for a win: KING (a), PAIR (a, b), TALON (a with T[b], card,
 * in that pass). hopeless(places, talon, pointer, passes) -> bool: the dead-position test alone. */
TAKEAWAY_MODULE(PB, "Depth-first search of a Pyramid position (paciencia/games/pyramid/solver.py).",
                "The dead-position test: True when some card can never be taken away.", setup)
