/* The FreeCell solver's depth-first search, in C: the model of paciencia/games/freecell/solver.py
 * (read its docstring: the moves searched, the canonical key, the safe moves up and their proof).
 *
 * search() runs one depth-first search over make/unmake with a transposition table. Sound mode
 * tries every search move (children ordered by the evaluation), so running out of moves proves
 * the position lost. Dive mode adds random noise to that order and stops after a node budget: it
 * only finds wins. A win comes back as the search moves made, which Python turns into move
 * tokens and replays on the engine.
 */
/* The search is most of a solve's time (bench/freecell_vs_fcsolve.py): -O3's unrolling and
 * vectorising, measured 5 % faster than setup.py's -O2 on deals 1-8,000. */
#pragma GCC optimize("O3")
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "_search.h"

#define NC 8
#define DEPTH 64 /* a cascade's cards at most: 7 dealt and a K-to-A run, or a made-up position's 52 */
#define MAXM 512
enum { CF = 0, LF = 1, CL = 2, LC = 3, CC = 4, DIGF = 5, DIGC = 6, DIGL = 7 };

static uint64_t ZC[DEPTH][52]; /* position in a cascade x card */
static uint64_t ZL[52];        /* a card in a cell (which cell does not matter) */
static uint64_t PARENT_SET[52]; /* the two cards a card fits on, a bit each (none for a King) */
static int8_t CHILDREN[52][2];  /* the two cards that fit on a card, the lower id first (an Ace's: -1) */

typedef struct {
    uint8_t kind, a, b, n, card, autom, d, group, e;
} Step;

typedef struct {
    uint8_t col[NC][DEPTH];
    int len[NC];
    int cell[4], ncells;
    int found[4];
    uint64_t hc[NC], hl; /* each cascade's hash and the cells' */
    Step *trail;
    int nt, tcap;
    int8_t where[52], at[52]; /* each card's cascade (-1: none) and height there, kept by make */
    /* Kept by put for each cascade's cards bottom to top (a card put on a cascade leaves those
     * under it as they were): what the cards up to it count (a card above a lower one of its
     * suit, a break in the cascade's order: weights wl and wb), the lowest rank of each suit up to it, and the length of the run it
     * ends. */
    int cv[NC][DEPTH];
    uint8_t low[NC][DEPTH][4], rl[NC][DEPTH];
    int wl, wb;
    uint64_t kh[NC], kx[NC], ky[NC]; /* key's mixes of each cascade, by its hash and length, */
    uint64_t khl, klx, kly;          /* and of the cells, by their hash */
} FB;

COLUMN_OPS(FB, col, len, hc, ZC)

/* Card c's entries of cv, low and rl on cascade a at height q, the cards under it in place. */
static inline void stack_card(FB *b, int a, int q, int c) {
    int s = suit(c), r = rank(c);
    if (!q) {
        b->cv[a][0] = 0;
        memset(b->low[a][0], 13, 4);
        b->low[a][0][s] = (uint8_t)r;
        b->rl[a][0] = 1;
        return;
    }
    int e = b->cv[a][q - 1];
    memcpy(b->low[a][q], b->low[a][q - 1], 4);
    if (r > b->low[a][q][s]) e -= b->wl;
    else b->low[a][q][s] = (uint8_t)r;
    if (FITS[c][b->col[a][q - 1]]) b->rl[a][q] = (uint8_t)(b->rl[a][q - 1] + 1);
    else {
        e -= b->wb; /* a break in the cascade's order */
        b->rl[a][q] = 1;
    }
    b->cv[a][q] = e;
}

/* The board's weights for cv (a board evaluates with one set of weights only), every cascade's
 * entries made again. */
static void set_weights(FB *b, int lower, int brk) {
    b->wl = lower;
    b->wb = brk;
    for (int a = 0; a < NC; a++)
        for (int q = 0; q < b->len[a]; q++) stack_card(b, a, q, b->col[a][q]);
}

/* make's and unmake's column moves: col_push, col_pop and col_move keeping where, at, cv, low
 * and rl. */
static inline void put(FB *b, int a, int c) {
    int q = b->len[a];
    b->where[c] = (int8_t)a;
    b->at[c] = (int8_t)q;
    col_push(b, a, c);
    stack_card(b, a, q, c);
}

static inline int take(FB *b, int a) {
    int c = col_pop(b, a);
    b->where[c] = -1;
    return c;
}

static inline void shift(FB *b, int from, int to, int n) {
    int start = b->len[from] - n;
    for (int q = start; q < start + n; q++) put(b, to, b->col[from][q]);
    for (int q = 0; q < n; q++) col_pop(b, from);
}

/* solver.py, "Safe moves up" (the proof is there). */
static int safe(const FB *b, int c) {
    int s = suit(c), r = rank(c);
    return r < 2 || (b->found[OPP1[s]] >= r && b->found[OPP2[s]] >= r);
}

static inline void cell_put(FB *b, int k, int c) {
    b->cell[k] = c;
    b->hl += ZL[c];
}

static inline int cell_take(FB *b, int k) {
    int c = b->cell[k];
    b->cell[k] = -1;
    b->hl -= ZL[c];
    return c;
}

static void push(FB *b, Step st) { TRAIL_PUSH(b, st); }

static void make(FB *b, Step st);

/* The first free cell (-1: none). */
static int first_free(const FB *b) {
    for (int q = 0; q < b->ncells; q++)
        if (b->cell[q] < 0) return q;
    return -1;
}

/* The first empty cascade (-1: none). */
static int first_empty(const FB *b) {
    for (int a = 0; a < NC; a++)
        if (!b->len[a]) return a;
    return -1;
}

/* Cascade a's end card parked: into the first free cell, or else alone into the first empty
 * cascade (a free place either way, as Freecell Solver's digs use them). */
static void park(FB *b, int a) {
    int q = first_free(b);
    if (q >= 0) make(b, (Step){CL, (uint8_t)a, (uint8_t)q, 1, 0, 0, 0, 0, 0});
    else make(b, (Step){CC, (uint8_t)a, (uint8_t)first_empty(b), 1, 0, 0, 0, 0, 0});
}

/* A meta move of the race (below): the e cards above the destination's card in cascade b, then
 * the d cards above the card that moves, are parked one by one (park: the free cells first, then
 * the empty cascades), then the card goes up (DIGF), its run onto cascade b (DIGC), or cell a's
 * card onto cascade b (DIGL). Only the atomic moves reach the trail. */
static void make_meta(FB *b, Step st) {
    for (int q = 0; q < st.e; q++) park(b, st.b);
    for (int q = 0; q < st.d; q++) park(b, st.a);
    if (st.kind == DIGF) make(b, (Step){CF, st.a, 0, 1, 0, 0, 0, 0, 0});
    else if (st.kind == DIGL) make(b, (Step){LC, st.a, st.b, 1, 0, 0, 0, 0, 0});
    else make(b, (Step){CC, st.a, st.b, st.n, 0, 0, 0, 0, 0});
}

static void make(FB *b, Step st) {
    if (st.kind >= DIGF) {
        make_meta(b, st);
        return;
    }
    switch (st.kind) {
    case CF: {
        int c = take(b, st.a);
        st.card = (uint8_t)c;
        b->found[suit(c)]++;
        break;
    }
    case LF: {
        int c = cell_take(b, st.a);
        st.card = (uint8_t)c;
        b->found[suit(c)]++;
        break;
    }
    case CL: {
        int c = take(b, st.a);
        st.card = (uint8_t)c;
        cell_put(b, st.b, c);
        break;
    }
    case LC: {
        int c = cell_take(b, st.a);
        st.card = (uint8_t)c;
        put(b, st.b, c);
        break;
    }
    default: /* CC */
        st.card = b->col[st.a][b->len[st.a] - st.n];
        shift(b, st.a, st.b, st.n);
    }
    push(b, st);
}

static void unmake(FB *b) {
    Step st = b->trail[--b->nt];
    switch (st.kind) {
    case CF:
        b->found[suit(st.card)]--;
        put(b, st.a, st.card);
        break;
    case LF:
        b->found[suit(st.card)]--;
        cell_put(b, st.a, st.card);
        break;
    case CL:
        cell_take(b, st.b);
        put(b, st.a, st.card);
        break;
    case LC:
        take(b, st.b);
        cell_put(b, st.a, st.card);
        break;
    default: shift(b, st.b, st.a, st.n);
    }
}

/* The safe moves up, until none applies. */
static void autos(FB *b) {
    for (int again = 1; again;) {
        again = 0;
        for (int a = 0; a < NC; a++) {
            if (!b->len[a]) continue;
            int c = b->col[a][b->len[a] - 1];
            if (b->found[suit(c)] == rank(c) && safe(b, c)) {
                make(b, (Step){CF, (uint8_t)a, 0, 1, 0, 1, 0, 0});
                again = 1;
            }
        }
        for (int k = 0; k < b->ncells; k++) {
            int c = b->cell[k];
            if (c >= 0 && b->found[suit(c)] == rank(c) && safe(b, c)) {
                make(b, (Step){LF, (uint8_t)k, 0, 1, 0, 1, 0, 0});
                again = 1;
            }
        }
    }
}

/* The safe moves up after move m from a position where none applied: a move that sends no card
 * up and carries no card into a free cell as part of a meta move can only have uncovered its
 * source cascade's new end card (a card put onto a cascade or into a cell was a cascade's end
 * or in a cell before, and the foundations are as they were), so that card alone is looked at
 * first; autos() as soon as anything may go up, the same moves in the same order. */
static void autos_after(FB *b, Step m) {
    if (m.kind == LC) return;
    if (m.kind == CC || m.kind == CL) {
        int a = m.a;
        if (!b->len[a]) return;
        int c = b->col[a][b->len[a] - 1];
        if (b->found[suit(c)] != rank(c) || !safe(b, c)) return;
    }
    autos(b);
}

static int won(const FB *b) { return b->found[0] + b->found[1] + b->found[2] + b->found[3] == 52; }

/* The canonical key (solver.py, "Canonical key"): the cascades as a multiset (a sum of one hash
 * each), the cells as a set; the foundations are the cards found in neither. */
static void key(FB *b, uint64_t *k1, uint64_t *k2) {
    uint64_t x = 0, y = 0;
    for (int a = 0; a < NC; a++) {
        if (!b->len[a]) continue;
        uint64_t h = b->hc[a] + (uint64_t)b->len[a] * 0xD6E8FEB86659FD93ULL;
        if (b->kh[a] != h) { /* the cascade changed since its mixes were made */
            b->kh[a] = h;
            b->kx[a] = mix(h);
            b->ky[a] = mix(h ^ 0xA0761D6478BD642FULL);
        }
        x += b->kx[a];
        y += b->ky[a];
    }
    if (b->khl != b->hl || !b->klx) {
        b->khl = b->hl;
        b->klx = mix(b->hl);
        b->kly = mix(b->hl ^ 0xE7037ED1A0B428DBULL);
    }
    *k1 = x ^ b->klx;
    *k2 = y ^ b->kly;
}

/* Every search move (solver.py, "Moves searched"): up to a foundation (those the automatic moves
 * leave), a run onto a cascade's end or into the first empty cascade (as many cards as the free
 * places carry; not a whole cascade into an empty one), a cell's card onto a cascade, a cascade's
 * end card into the first free cell (unless into_cells is 0: a race thread that leaves those
 * out). */
static int gen(const FB *b, Step *out, int into_cells) {
    int k = 0, empty = -1, nempty = 0, free_cell = -1, nfree = 0;
    uint64_t ends = 0; /* the cascades' end cards, a bit each (an end card's cascade: where) */
    for (int a = 0; a < NC; a++)
        if (!b->len[a]) {
            if (empty < 0) empty = a;
            nempty++;
        } else ends |= 1ULL << b->col[a][b->len[a] - 1];
    for (int q = 0; q < b->ncells; q++)
        if (b->cell[q] < 0) {
            if (free_cell < 0) free_cell = q;
            nfree++;
        }
    for (int a = 0; a < NC; a++) {
        if (!b->len[a]) continue;
        int c = b->col[a][b->len[a] - 1];
        if (b->found[suit(c)] == rank(c)) out[k++] = (Step){CF, (uint8_t)a, 0, 1, 0, 0, 0, 0};
    }
    for (int q = 0; q < b->ncells; q++) {
        int c = b->cell[q];
        if (c >= 0 && b->found[suit(c)] == rank(c)) out[k++] = (Step){LF, (uint8_t)q, 0, 1, 0, 0, 0, 0};
    }
    /* The destinations, in the cascades' order: a run's one length whose first card fits a
     * cascade's end (found through that card's two parents among the ends), or the first empty cascade. */
    int cap = (nfree + 1) << nempty, cap_empty = (nfree + 1) << (nempty > 0 ? nempty - 1 : 0);
    for (int a = 0; a < NC; a++) {
        int len = b->len[a];
        if (!len) continue;
        /* run: the run's length, counted only as far as cap (no longer run moves). */
        int run = b->rl[a][len - 1] < cap ? b->rl[a][len - 1] : cap;
        unsigned dest = 0;
        uint8_t size[NC];
        for (int n = 1; n <= run; n++)
            for (uint64_t on = PARENT_SET[b->col[a][len - n]] & ends; on; on &= on - 1) {
                int t = b->where[__builtin_ctzll(on)];
                dest |= 1u << t;
                size[t] = (uint8_t)n;
            }
        if (empty >= 0) dest |= 1u << empty;
        for (; dest; dest &= dest - 1) {
            int t = __builtin_ctz(dest);
            if (b->len[t]) out[k++] = (Step){CC, (uint8_t)a, (uint8_t)t, size[t], 0, 0, 0, 0};
            else {
                int most_empty = run < cap_empty ? run : cap_empty;
                for (int n = 1; n <= most_empty; n++)
                    if (n < len) out[k++] = (Step){CC, (uint8_t)a, (uint8_t)t, (uint8_t)n, 0, 0, 0, 0};
            }
        }
    }
    for (int q = 0; q < b->ncells; q++) {
        int c = b->cell[q];
        if (c < 0) continue;
        unsigned dest = empty >= 0 ? 1u << empty : 0;
        for (uint64_t on = PARENT_SET[c] & ends; on; on &= on - 1) dest |= 1u << b->where[__builtin_ctzll(on)];
        for (; dest; dest &= dest - 1) out[k++] = (Step){LC, (uint8_t)q, (uint8_t)__builtin_ctz(dest), 1, 0, 0, 0, 0};
    }
    if (free_cell >= 0 && into_cells)
        for (int a = 0; a < NC; a++)
            if (b->len[a]) out[k++] = (Step){CL, (uint8_t)a, (uint8_t)free_cell, 1, 0, 0, 0, 0};
    return k;
}

/* Higher is better: cards up, free cells and empty cascades, and few cards lying above the next
 * card each foundation wants, or above a lower card of their own suit (each must move first).
 * W: the weights of those (cards up, a card above a wanted one, above a lower one of its suit, a
 * break in a cascade's order, a free cell, an empty cascade); the sound search's are W0. */
typedef struct {
    int up, wanted, lower, brk, cell, empty;
} Weights;
static const Weights W0 = {40, 6, 4, 3, 12, 24};

/* What a cascade's cards count, the foundations aside (kept by put: stack_card): a card above a
 * lower one of its suit, a break in the cascade's order. */

/* The evaluation, each cascade's value kept by put (cv, with the board's weights, which are w's:
 * set_weights), the cards above each foundation's next card found by where and at. */
static int evaluate_w(FB *b, const Weights *w) {
    int e = 0, nfree = 0, nempty = 0;
    for (int s = 0; s < 4; s++) {
        e += w->up * b->found[s];
        if (b->found[s] == 13) continue;
        int c = s * 13 + b->found[s], a = b->where[c];
        if (a >= 0) e -= w->wanted * (b->len[a] - 1 - b->at[c]); /* the next card of its suit, buried */
    }
    for (int q = 0; q < b->ncells; q++) nfree += b->cell[q] < 0;
    for (int a = 0; a < NC; a++) {
        if (!b->len[a]) {
            nempty++;
            continue;
        }
        e += b->cv[a][b->len[a] - 1];
    }
    return e + w->cell * nfree + w->empty * nempty;
}

static int evaluate(FB *b) { return evaluate_w(b, &W0); }

/* Whether cascade a's end card would go up at once (a safe move up: autos_after's test). */
static inline int end_goes_up(const FB *b, int a, int len) {
    if (!len) return 0;
    int c = b->col[a][len - 1];
    return b->found[suit(c)] == rank(c) && safe(b, c);
}

/* The evaluation after move m, from `base`, the evaluation of the position m is made from (one
 * the safe moves up have been made in), by what m changes, without making it: for a run onto a
 * cascade or into an empty one (CC), a card into a free cell (CL) or out of one onto a cascade
 * (LC), a card up (CF), or a meta move's cards parked in free cells and then a card up (DIGF) or
 * a run onto a cascade's end (DIGC), when no card goes up after it; 1 with *e set then, else 0
 * (the caller makes the move).
 * The same number evaluate_w gives after make and autos_after. */
/* Whether card c would go up at once with the foundations at f (a safe move up). */
static inline int goes_up(const int *f, int c) {
    int s = suit(c), r = rank(c);
    return f[s] == r && (r < 2 || (f[OPP1[s]] >= r && f[OPP2[s]] >= r));
}

static inline int free_cells(const FB *b) {
    int n = 0;
    for (int q = 0; q < b->ncells; q++) n += b->cell[q] < 0;
    return n;
}

/* child_eval for a card going up from cascade a after the d cards above it were parked in free
 * cells (CF: d = 0; DIGF), when no card goes up after it: the foundations change, so every
 * cascade's end and every cell's card is looked at. */
static int up_eval(const FB *b, const Weights *w, int base, int a, int dd, int *e) {
    int la = b->len[a], i = la - 1 - dd, c = b->col[a][i], f[4];
    memcpy(f, b->found, sizeof f);
    f[suit(c)]++;
    for (int x = 0; x < NC; x++) {
        int l = x == a ? i : b->len[x];
        if (l && goes_up(f, b->col[x][l - 1])) return 0;
    }
    for (int q = 0; q < b->ncells; q++)
        if (b->cell[q] >= 0 && goes_up(f, b->cell[q])) return 0;
    for (int q = i + 1; q < la; q++)
        if (goes_up(f, b->col[a][q])) return 0;
    int d = w->up - w->cell * dd - b->cv[a][la - 1] + (i ? b->cv[a][i - 1] : w->empty);
    /* The next card of each suit, before and after: those above i in a are parked (none above
     * them then), those under it have i fewer cards above them. */
    for (int s = 0; s < 4; s++) {
        if (b->found[s] < 13) {
            int x = b->found[s] + s * 13, y = b->where[x];
            if (y >= 0) d += w->wanted * (b->len[y] - 1 - b->at[x]);
        }
        if (f[s] < 13) {
            int x = f[s] + s * 13, y = b->where[x];
            if (y == a) d -= b->at[x] < i ? w->wanted * (i - 1 - b->at[x]) : 0;
            else if (y >= 0) d -= w->wanted * (b->len[y] - 1 - b->at[x]);
        }
    }
    *e = base + d;
    return 1;
}

/* child_eval for DIGC with no card dug from the destination (e = 0): the d cards above the run
 * parked in free cells, then the run onto cascade t, when no card goes up after it. */
static int dig_run_eval(const FB *b, const Weights *w, int base, Step m, int *e) {
    int a = m.a, t = m.b, n = m.n, dd = m.d, la = b->len[a], lt = b->len[t];
    int j = la - 1 - dd, i = j - n + 1;
    for (int q = j + 1; q < la; q++)
        if (goes_up(b->found, b->col[a][q])) return 0;
    if (goes_up(b->found, b->col[a][j]) || (i && goes_up(b->found, b->col[a][i - 1]))) return 0;
    int d = -w->cell * dd - b->cv[a][la - 1] + (i ? b->cv[a][i - 1] : w->empty);
    const uint8_t *low = b->low[t][lt - 1];
    for (int q = i; q <= j; q++) {
        int c = b->col[a][q];
        if (rank(c) > low[suit(c)]) d -= b->wl;
    }
    for (int s = 0; s < 4; s++) {
        if (b->found[s] == 13) continue;
        int c = s * 13 + b->found[s], x = b->where[c];
        if (x == a) {
            int h = b->at[c];
            d += w->wanted * (h < i ? la - i : h <= j ? dd : la - 1 - h);
        } else if (x == t) d -= w->wanted * n;
    }
    *e = base + d;
    return 1;
}

static int child_eval(const FB *b, const Weights *w, int base, Step m, int *e) {
    int d = 0, a = -1, t = -1, n = 1, la = 0, lt = 0;
    switch (m.kind) {
    case CF: return up_eval(b, w, base, m.a, 0, e);
    case DIGF: return m.d <= free_cells(b) && up_eval(b, w, base, m.a, m.d, e);
    case DIGC: return !m.e && m.d <= free_cells(b) && b->len[m.b] && dig_run_eval(b, w, base, m, e);
    case CC:
        a = m.a, t = m.b, n = m.n, la = b->len[a], lt = b->len[t];
        if (end_goes_up(b, a, la - n)) return 0;
        break;
    case CL:
        a = m.a, la = b->len[a];
        if (end_goes_up(b, a, la - 1)) return 0;
        d -= w->cell;
        break;
    case LC:
        t = m.b, lt = b->len[t];
        d += w->cell;
        break;
    default: return 0;
    }
    if (a >= 0) { /* n cards off cascade a */
        d -= b->cv[a][la - 1];
        if (la > n) d += b->cv[a][la - n - 1];
        else d += w->empty;
    }
    if (t >= 0) { /* n cards onto cascade t: a run, or a cell's card that fits its end */
        if (lt) {
            const uint8_t *low = b->low[t][lt - 1];
            for (int q = 0; q < n; q++) {
                int c = m.kind == LC ? b->cell[m.a] : b->col[a][la - n + q];
                if (rank(c) > low[suit(c)]) d -= b->wl;
            }
        } else d -= w->empty;
    }
    /* The next card of each suit: fewer cards above it in a, more in t. */
    for (int s = 0; s < 4; s++) {
        if (b->found[s] == 13) continue;
        int c = s * 13 + b->found[s], x = b->where[c];
        if (x < 0) continue;
        if (x == a && b->at[c] < la - n) d += w->wanted * n;
        else if (x == t) d -= w->wanted * n;
    }
    *e = base + d;
    return 1;
}

/* -- the search ---------------------------------------------------------------------------------- */

typedef struct {
    int dive;
    long budget;
    double deadline, noise;
    uint64_t rng;
} Options;

typedef struct {
    double score;
    int i; /* the move's index in the moves scored */
} Scored;

/* The n scored moves (each by its index in ms) into out, the best first: _search.h's
 * order_moves by insertion, the same order (a stable sort; glibc's qsort sorts these small
 * arrays by a stable merge) without qsort's calls. */
static void sort_moves(Scored *sc, const Step *ms, Step *out, int n) {
    for (int q = 1; q < n; q++) {
        Scored x = sc[q];
        int k = q;
        for (; k > 0 && sc[k - 1].score < x.score; k--) sc[k] = sc[k - 1];
        sc[k] = x;
    }
    for (int q = 0; q < n; q++) out[q] = ms[sc[q].i];
}

/* Enters the position after a move: the safe moves up, then a win (1), a position met before
 * (0), a new frame of its moves in the evaluation's order (0), or a full table (-1). */
static int enter(FB *b, Table *t, Stack *st, Options *o) {
    autos(b);
    if (won(b)) return 1;
    uint64_t k1, k2;
    key(b, &k1, &k2);
    int added = table_enter(t, k1, k2, 0, 1);
    if (added <= 0) return added;
    Step ms[MAXM];
    Scored sc[MAXM];
    int n = gen(b, ms, 1), mark = b->nt;
    for (int q = 0; q < n; q++) {
        make(b, ms[q]);
        autos_after(b, ms[q]);
        double e = evaluate(b);
        while (b->nt > mark) unmake(b);
        if (o->noise > 0) e += o->noise * next_unit(&o->rng);
        sc[q] = (Scored){e, q};
    }
    Step out[MAXM];
    sort_moves(sc, ms, out, n);
    push_frame(st, out, n, mark, 0);
    return 0;
}

#define SEARCH_BOARD FB
#define SEARCH_MOVE Step
#define SEARCH_OPTIONS Options
#define SEARCH_TRAIL_STEPS
#include "_search_run.h"

/* Board b's hashes, where each card is and the evaluation's per-height values, from its cards. */
static FB *board_ready(FB *b) {
    for (int q = b->ncells; q < 4; q++) b->cell[q] = -1;
    memset(b->where, -1, sizeof b->where);
    for (int a = 0; a < NC; a++)
        for (int q = 0; q < b->len[a]; q++) {
            b->hc[a] ^= ZC[q][b->col[a][q]];
            b->where[b->col[a][q]] = (int8_t)a;
            b->at[b->col[a][q]] = (int8_t)q;
        }
    for (int q = 0; q < b->ncells; q++)
        if (b->cell[q] >= 0) b->hl += ZL[b->cell[q]];
    set_weights(b, W0.lower, W0.brk);
    return b;
}

/* A position from Python: the cascades bottom to top, the cells (-1 for an empty one), the
 * foundations' counts. NULL with ValueError when it is not one. */
static FB *board_from(PyObject *cols, PyObject *cells, PyObject *found) {
    NEW_BOARD(b, FB, Step);
    Py_ssize_t ncells = PySequence_Size(cells);
    b->ncells = ncells >= 0 && ncells <= 4 ? (int)ncells : 0;
    int ok = b->trail && PySequence_Size(cols) == NC && ncells == b->ncells;
    ok = ok && read_ints(cells, b->cell, b->ncells, -1, 51) && read_ints(found, b->found, 4, 0, 13);
    for (int a = 0; ok && a < NC; a++) {
        PyObject *c = PySequence_GetItem(cols, a);
        ok = c && read_cards(c, b->col[a], DEPTH, &b->len[a]);
        Py_XDECREF(c);
    }
    /* One deck: a card twice (or one its foundation already holds) is no position, and one deck
     * keeps every cascade under DEPTH cards, which the per-height tables are sized by. */
    uint64_t seen = 0;
    for (int a = 0; ok && a < NC; a++)
        for (int q = 0; ok && q < b->len[a]; q++) {
            int c = b->col[a][q];
            ok = !(seen >> c & 1) && rank(c) >= b->found[suit(c)];
            seen |= 1ULL << c;
        }
    for (int i = 0; ok && i < b->ncells; i++) {
        int c = b->cell[i];
        ok = c < 0 || (!(seen >> c & 1) && rank(c) >= b->found[suit(c)]);
        if (c >= 0) seen |= 1ULL << c;
    }
    if (!ok) return not_a_position(b, b->trail, "not a FreeCell position for the search");
    return board_ready(b);
}

/* Microsoft's deal `number` (paciencia/games/freecell/deal.py): the cards in the order dealt (card
 * ids), the k-th onto cascade k % 8, the first card dealt to a cascade its bottom. */
static void deal_cards(unsigned long long number, int dealt[52]) {
    uint32_t state = (uint32_t)number, mask = 0x7FFF, high = 0, plus = 0;
    if (number >= 1ULL << 32) mask = 0xFFFF, plus = 1;
    else if (number >= 1ULL << 31) high = 0x8000;
    int deck[52];
    for (int ms = 0; ms < 52; ms++) deck[ms] = (3 - ms % 4) * 13 + ms / 4; /* Microsoft's order, our ids */
    for (int left = 52; left > 0; left--) {
        state = state * 214013u + 2531011u;
        int j = (int)(((((state >> 16) & mask) | high) + plus) % (uint32_t)left);
        dealt[52 - left] = deck[j];
        deck[j] = deck[left - 1];
    }
}

/* The first position of Microsoft's deal `number` with `ncells` free cells (1-4), made here,
 * not read from Python (paciencia solve --codes); NULL with MemoryError. */
static FB *board_deal(unsigned long long number, int ncells) {
    NEW_BOARD(b, FB, Step);
    if (!b->trail) {
        free(b);
        PyErr_NoMemory();
        return NULL;
    }
    int dealt[52];
    deal_cards(number, dealt);
    b->ncells = ncells;
    for (int q = 0; q < 52; q++) b->col[q % NC][b->len[q % NC]++] = (uint8_t)dealt[q];
    for (int q = 0; q < 4; q++) b->cell[q] = -1;
    return board_ready(b);
}

/* search(cascades, cells, found, dive, budget, seconds, noise, seed)
 *   -> (status, steps, nodes); steps as (kind, a, b, n, card) for a win. */
static PyObject *search(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *cols, *cells, *found;
    int dive;
    long budget;
    double seconds, noise;
    unsigned long long seed;
    if (!PyArg_ParseTuple(args, "OOOildd|K", &cols, &cells, &found, &dive, &budget, &seconds, &noise, &seed))
        return NULL;
    FB *b = board_from(cols, cells, found);
    if (!b) return NULL;
    Options o = {dive, budget, deadline_in(seconds), noise, (uint64_t)seed};
    return run_for_python(b, &o, table_start(budget, (size_t)1 << 16));
}

/* -- the race: soft threads over one table ------------------------------------------------------ *
 *
 * Several depth-first searches ("threads", each on its own copy of the position and its own
 * stack) take turns, each for a quota of positions, and share one transposition table in which
 * each keeps a bit of its own: a thread cuts only the positions it entered itself. Besides the
 * atomic moves (gen above), a thread may make *meta moves*: the cards above a card dug into the
 * free cells, then the card up (DIGF), or the card's run onto another cascade's end (DIGC); the
 * cards above a card deeper in a cascade dug too, then a run (DIGC) or a cell's card (DIGL) onto
 * it; with '^', the dug cards parked in the empty cascades when the free cells are full. A
 * thread tries its moves group by group, in the order its spec gives (random within a group, or
 * by the evaluation), and leaves out the groups its spec does not name: such a thread only finds
 * wins. A thread whose groups cover every atomic move (every search move of gen is in one of
 * them, and meta moves only add ways to reach positions) is *complete*: running out of moves,
 * it has entered every key reachable from the root, so its end proves the position lost, as
 * the sound search's does. The last thread is the sound search itself (gen, the evaluation's
 * order), whose end is the proof the race gives. */

enum { G_U, G_P, G_X, G_R, G_E, G_L, G_C, G_Y, G_Q, NGROUPS };
static const char GROUP_LETTERS[] = "upxrelcyq";

/* The cards a run may carry onto a cascade's end after `parked` cards were parked (park: the
 * free cells first, then the empty cascades). */
static inline int carried(int nfree, int nempty, int parked) {
    int f = parked < nfree ? parked : nfree;
    return (nfree - f + 1) << (nempty - (parked - f));
}

/* Every move of the race: gen's (each tagged with its group), and the meta moves, their dug
 * cards parked in the free cells alone or (deep) in the empty cascades too; the moves onto a
 * buried card only when `want` (a bit set of groups) names y or q. With `whole` ('$' in a
 * spec), runs move as Freecell Solver's sequence moves move them: a cascade's top run goes
 * into an empty cascade only whole, when the free places carry it and it is not the whole
 * cascade (gen's other lengths left out), and a buried run is dug out only from its head (a
 * card that does not lie on a card it fits). */
static int gen_race(const FB *b, Step *out, int deep, unsigned want, int whole) {
    int k = gen(b, out, (want >> G_C) & 1);
    int nfree = 0, nempty = 0;
    for (int q = 0; q < b->ncells; q++) nfree += b->cell[q] < 0;
    for (int a = 0; a < NC; a++) nempty += !b->len[a];
    if (whole && nempty) {
        int cap_empty = (nfree + 1) << (nempty - 1), kept = 0;
        for (int q = 0; q < k; q++) {
            const Step *m = &out[q];
            if (m->kind == CC && !b->len[m->b]) {
                int len = b->len[m->a], run = b->rl[m->a][len - 1];
                if (m->n != run || run > cap_empty || run == len) continue;
            }
            out[kept++] = *m;
        }
        k = kept;
    }
    for (int q = 0; q < k; q++) {
        Step *m = &out[q];
        switch (m->kind) {
        case CF:
        case LF: m->group = G_U; break;
        case LC: m->group = b->len[m->b] ? G_P : G_L; break;
        case CL: m->group = G_C; break;
        default: m->group = b->len[m->b] ? G_R : G_E;
        }
    }
    int places = nfree + (deep ? nempty : 0); /* where dug cards may be parked */
    if (!places) return k;
    const int8_t *where = b->where, *at = b->at; /* each card's cascade (-1: none) and height */
    /* DIGF: the next card of a foundation under d cards, d at most the free places. */
    for (int s = 0; s < 4; s++) {
        if (b->found[s] == 13) continue;
        int c = s * 13 + b->found[s], a = where[c];
        if (a < 0) continue;
        int d = b->len[a] - 1 - at[c];
        if (d >= 1 && d <= places) out[k++] = (Step){DIGF, (uint8_t)a, 0, 1, 0, 0, (uint8_t)d, G_X, 0};
    }
    /* DIGC: a card that fits a cascade's end, with the run it heads, under d cards. */
    for (int t = 0; t < NC; t++) {
        if (!b->len[t]) continue;
        int e = b->col[t][b->len[t] - 1];
        if (rank(e) == 0) continue;
        for (int s = 0; s < 2; s++) {
            int c = CHILDREN[e][s], a = where[c];
            if (a < 0 || a == t) continue;
            int i = at[c], j = i;
            if (whole && i && FITS[c][b->col[a][i - 1]]) continue; /* not a run's head */
            while (j + 1 < b->len[a] && b->rl[a][j + 1] > 1) j++; /* the run it heads */
            int d = b->len[a] - 1 - j, n = j - i + 1;
            if (d < 1 || d > places || n > carried(nfree, nempty, d)) continue;
            out[k++] = (Step){DIGC, (uint8_t)a, (uint8_t)t, (uint8_t)n, 0, 0, (uint8_t)d, G_R, 0};
        }
    }
    /* Onto a buried card (as Freecell Solver's moves to a parent under other cards): the e cards
     * above card p of cascade t parked, then a card that fits p (with the run it heads, the d
     * cards above that run parked too: DIGC, group y) or a cell's card (DIGL, group q) onto it.
     * Not where p already carries a card that fits it. */
    for (int t = 0; want & (1u << G_Y | 1u << G_Q) && t < NC; t++) {
        int len = b->len[t];
        for (int h = len - 2; h >= 0 && len - 1 - h <= places; h--) {
            int p = b->col[t][h], e = len - 1 - h;
            if (rank(p) == 0 || FITS[b->col[t][h + 1]][p]) continue;
            for (int s = 0; s < 2; s++) {
                int c = CHILDREN[p][s], a = where[c];
                if (a == t) continue;
                if (a < 0) {
                    for (int q = 0; q < b->ncells; q++)
                        if (b->cell[q] == c) out[k++] = (Step){DIGL, (uint8_t)q, (uint8_t)t, 1, 0, 0, 0, G_Q, (uint8_t)e};
                    continue;
                }
                int i = at[c], j = i;
                while (j + 1 < b->len[a] && b->rl[a][j + 1] > 1) j++; /* the run it heads */
                int d = b->len[a] - 1 - j, n = j - i + 1;
                if (whole && d && i && FITS[c][b->col[a][i - 1]]) continue; /* a buried run's part */
                if (d + e > places || n > carried(nfree, nempty, d + e)) continue;
                out[k++] = (Step){DIGC, (uint8_t)a, (uint8_t)t, (uint8_t)n, 0, 0, (uint8_t)d, G_Y, (uint8_t)e};
            }
        }
    }
    return k;
}

#define MAXPHASES 3
#define MAXTHREADS 32

/* A thread's spec: from each depth on, its groups in order, space-separated, each a string of
 * group letters (upxrelcyq) searched together, in random order or, with a '+' after it, best
 * first by the evaluation (each '~' more adds noise of 15 to it); a '^' anywhere: its dug cards
 * may be parked in the empty cascades too (park), not in the free cells alone; a '$': its runs
 * move as Freecell Solver's do (gen_race's `whole`); the sound thread has none. */
typedef struct {
    int from[MAXPHASES];
    const char *order[MAXPHASES];
    int nph;
    Weights w;
    int seed;
} Spec;

typedef struct {
    int8_t rank_of[NGROUPS]; /* each group's place in the order, -1: left out */
    uint8_t eval[NGROUPS], noise[NGROUPS];
    unsigned want; /* the groups named, a bit each */
} Phase;

typedef struct {
    FB *b;
    Stack st;
    int bit, sound, complete, alive, started, nph, deep, whole;
    Weights w;
    int from[MAXPHASES];
    Phase ph[MAXPHASES];
    uint64_t rng;
    /* A best-first thread ('*' before its spec's groups): the positions it entered (each its
     * parent's index, the move to it from there and its score; the root first), a heap of those
     * whose moves are still to try, the best first, the trail's length at its root, the position
     * whose moves a used-up quota stopped in (cur, -1: none) with the next of them to try, and
     * the position the board is in (its depth, the nodes on its path). */
    int befs, nn, ncap, nh, hcap, mark, cur, next, depth;
    struct BNode {
        int parent, score, depth;
        Step m;
    } *nodes;
    int *heap, *on; /* on: the board's path, its nodes by depth, then their trails' lengths */
} Thread;

static void phase_of(Phase *p, const char *order) {
    memset(p->rank_of, -1, sizeof p->rank_of);
    memset(p->eval, 0, sizeof p->eval);
    memset(p->noise, 0, sizeof p->noise);
    p->want = 0;
    int g = 0;
    for (const char *c = order; *c; c++) {
        if (*c == ' ') {
            g++;
            continue;
        }
        if (*c == '+' || *c == '~') {
            for (int q = 0; q < NGROUPS; q++)
                if (p->rank_of[q] == g) {
                    p->eval[q] = 1;
                    p->noise[q] += *c == '~';
                }
            continue;
        }
        const char *l = strchr(GROUP_LETTERS, *c);
        if (l) {
            p->rank_of[l - GROUP_LETTERS] = (int8_t)g;
            p->want |= 1u << (l - GROUP_LETTERS);
        }
    }
}

/* Enters the position a thread's move m reached (m NULL: the root), as enter() does for the
 * sound search; the position m was made from had no safe move up left, so autos_after. */
static int enter_thread(Thread *th, Table *t, int depth, const Step *m) {
    FB *b = th->b;
    if (m) autos_after(b, *m);
    else autos(b);
    if (won(b)) return 1;
    uint64_t k1, k2;
    key(b, &k1, &k2);
    int added = table_enter(t, k1, k2, th->bit, 1ULL << th->bit);
    if (added <= 0) return added;
    Step ms[MAXM];
    Scored sc[MAXM];
    int mark = b->nt, n;
    int base = 0, based = 0, v;
    if (th->sound) {
        n = gen(b, ms, 1);
        for (int q = 0; q < n; q++) {
            if (!based) base = evaluate(b), based = 1;
            if (!child_eval(b, &W0, base, ms[q], &v)) {
                make(b, ms[q]);
                autos_after(b, ms[q]);
                v = evaluate(b);
                while (b->nt > mark) unmake(b);
            }
            sc[q] = (Scored){v, q};
        }
    } else {
        const Phase *p = &th->ph[0];
        for (int q = 1; q < th->nph && depth >= th->from[q]; q++) p = &th->ph[q];
        int all = gen_race(b, ms, th->deep, p->want, th->whole);
        n = 0;
        for (int q = 0; q < all; q++) {
            int g = ms[q].group, r = p->rank_of[g];
            if (r < 0) continue;
            double e;
            if (p->eval[g]) {
                if (!based) base = evaluate_w(b, &th->w), based = 1;
                if (!child_eval(b, &th->w, base, ms[q], &v)) {
                    make(b, ms[q]);
                    autos_after(b, ms[q]);
                    v = evaluate_w(b, &th->w);
                    while (b->nt > mark) unmake(b);
                }
                e = (v + 15.0 * p->noise[g] * next_unit(&th->rng)) * (1.0 / 4096);
            } else e = next_unit(&th->rng);
            sc[n++] = (Scored){e - 1000.0 * r, q};
        }
    }
    Step out[MAXM];
    sort_moves(sc, ms, out, n);
    push_frame(&th->st, out, n, mark, 0);
    return 0;
}

/* Runs a thread for at most `quota` positions: BUDGET when the quota is used, else WON, EXHAUSTED
 * (its stack is empty), FULL, TIMEOUT. */
static int run_thread(Thread *th, Table *t, long quota, long *nodes, const Options *o) {
    FB *b = th->b;
    Stack *st = &th->st;
    for (long used = 0; used < quota;) {
        if (!st->nf) return EXHAUSTED;
        Frame *f = &st->frames[st->nf - 1];
        while (b->nt > f->mark) unmake(b);
        if (f->i == f->n) {
            st->n = f->off;
            st->nf--;
            continue;
        }
        Step m;
        memcpy(&m, st->moves + st->size * (size_t)(f->off + f->i++), sizeof m);
        int depth = st->nf;
        make(b, m);
        used++;
        (*nodes)++;
        if ((*nodes & 1023) == 0 && o->deadline != NO_DEADLINE && now() > o->deadline) return TIMEOUT;
        int r = enter_thread(th, t, depth, &m);
        if (r == 1) return WON;
        if (r < 0) return FULL;
    }
    return BUDGET;
}

/* -- a best-first thread ------------------------------------------------------------------------ *
 *
 * As Freecell Solver's a-star scans sit beside its depth-first ones in its presets: the open
 * position of the highest score (by the thread's weights; the newest among equals) is reached
 * from the one the board is in through their deepest shared position (its moves made again, each
 * with the safe moves up after it: a move and the board it came from give the same board) and
 * each of its moves the spec's groups name is entered, scored and kept open. A deal whose depth-first threads all go astray early (FC1-2
 * #140: 3 M positions and more in each of them) it wins in tens of thousands. Positions are
 * counted as the depth-first threads count them, one a move made; a quota used up in the middle
 * of a position's moves leaves the rest of them to the thread's next turn. */

static int open_better(const Thread *th, int x, int y) {
    int sx = th->nodes[x].score, sy = th->nodes[y].score;
    return sx > sy || (sx == sy && x > y);
}

static int heap_push(Thread *th, int node) {
    if (th->nh == th->hcap) {
        int cap = th->hcap ? 2 * th->hcap : 1024;
        int *h = realloc(th->heap, sizeof *h * (size_t)cap);
        if (!h) return 0;
        th->heap = h;
        th->hcap = cap;
    }
    int i = th->nh++;
    while (i > 0 && open_better(th, node, th->heap[(i - 1) / 2])) {
        th->heap[i] = th->heap[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    th->heap[i] = node;
    return 1;
}

static int heap_pop(Thread *th) {
    int top = th->heap[0], x = th->heap[--th->nh], i = 0;
    for (;;) {
        int c = 2 * i + 1;
        if (c >= th->nh) break;
        if (c + 1 < th->nh && open_better(th, th->heap[c + 1], th->heap[c])) c++;
        if (!open_better(th, th->heap[c], x)) break;
        th->heap[i] = th->heap[c];
        i = c;
    }
    if (th->nh) th->heap[i] = x;
    return top;
}

#define BEFS_DEPTH 4096

/* A new open position, reached by move m from position `parent`: 0 when out of memory (or
 * BEFS_DEPTH moves deep). */
static int befs_add(Thread *th, int parent, Step m, int score) {
    if (th->nn == th->ncap) {
        int cap = th->ncap ? 2 * th->ncap : 1024;
        struct BNode *n = realloc(th->nodes, sizeof *n * (size_t)cap);
        if (!n) return 0;
        th->nodes = n;
        th->ncap = cap;
    }
    int depth = parent < 0 ? 0 : th->nodes[parent].depth + 1;
    if (depth >= BEFS_DEPTH) return 0; /* too deep for the path arrays: as a full table */
    th->nodes[th->nn] = (struct BNode){parent, score, depth, m};
    return heap_push(th, th->nn++);
}

/* A best-first thread's root, its board after the safe moves up: 1 won, 0 entered, -1 full. */
static int befs_start(Thread *th, Table *t) {
    FB *b = th->b;
    autos(b);
    if (won(b)) return 1;
    uint64_t k1, k2;
    key(b, &k1, &k2);
    if (table_enter(t, k1, k2, th->bit, 1ULL << th->bit) < 0) return -1;
    th->mark = b->nt;
    th->cur = -1;
    th->depth = 0;
    th->on = malloc(sizeof *th->on * 2 * BEFS_DEPTH);
    if (!th->on) return -1;
    th->on[0] = 0;
    th->on[BEFS_DEPTH] = b->nt;
    return befs_add(th, -1, (Step){0}, 0) ? 0 : -1;
}

/* Moves the thread's board to node i: back to the deepest position on both paths, then down
 * i's (the best position is most often a child of the last one or near it). */
static void befs_goto(Thread *th, int i) {
    FB *b = th->b;
    int *on = th->on, *mark = th->on + BEFS_DEPTH, down[BEFS_DEPTH], nd = 0, j = i;
    while (th->nodes[j].depth > th->depth || on[th->nodes[j].depth] != j) {
        down[nd++] = j;
        j = th->nodes[j].parent;
    }
    th->depth = th->nodes[j].depth;
    while (b->nt > mark[th->depth]) unmake(b);
    while (nd) {
        int k = down[--nd];
        make(b, th->nodes[k].m);
        autos_after(b, th->nodes[k].m);
        on[++th->depth] = k;
        mark[th->depth] = b->nt;
    }
}

/* Runs a best-first thread for at most `quota` positions, as run_thread does a depth-first one. */
static int run_befs(Thread *th, Table *t, long quota, long *nodes, const Options *o) {
    FB *b = th->b;
    const Phase *p = &th->ph[0];
    for (long used = 0; used < quota;) {
        int i = th->cur, from = th->next;
        if (i < 0) {
            if (!th->nh) return EXHAUSTED;
            i = heap_pop(th);
            from = 0;
        }
        th->cur = -1;
        befs_goto(th, i);
        Step ms[MAXM];
        int all = gen_race(b, ms, th->deep, p->want, th->whole), mark = b->nt;
        for (int q = from; q < all; q++) {
            if (p->rank_of[ms[q].group] < 0) continue;
            if (used == quota) {
                th->cur = i;
                th->next = q;
                return BUDGET;
            }
            make(b, ms[q]);
            autos_after(b, ms[q]);
            used++;
            (*nodes)++;
            if ((*nodes & 1023) == 0 && o->deadline != NO_DEADLINE && now() > o->deadline) return TIMEOUT;
            if (won(b)) return WON;
            uint64_t k1, k2;
            key(b, &k1, &k2);
            int added = table_enter(t, k1, k2, th->bit, 1ULL << th->bit);
            if (added < 0 || (added && !befs_add(th, i, ms[q], evaluate_w(b, &th->w)))) return FULL;
            while (b->nt > mark) unmake(b);
        }
    }
    return BUDGET;
}

/* The threads' specs, chosen by bench/freecell_vs_fcsolve.py --threads: 32 candidates each run
 * alone on Microsoft's deals 1-4,000 (at most 20,000 positions a deal), then, as Freecell
 * Solver's presets are made, a *prelude* chosen greedily (each time the thread and quota that
 * win the most deals for the CPU time they take, on the deals not yet won), after which the
 * threads of ROUND and the sound search take turns of QUOTA positions. All but one leave the free
 * cells out as a move of their own (cards go there only when dug), which is what makes them fast
 * and why none but 'upxrlec+' is complete; seed: each one's random numbers (three run the same
 * spec in random order, each with its own). Checked on deals 4,001-6,000, which chose nothing.
 * The last, '*upxrlec', is best-first (every move, scored by cards up, free cells and empty
 * cascades alone): in ROUND after the sound search, which has a second turn after it (with one
 * turn of nine, FC1-1 #27, lost, and #144, won, each near 3 M positions, were unknown at 3 M);
 * with it FC1-2 #140 is won in 0.8 M positions (unknown at 30 M before) and deals 1-32,000 take
 * 2.5 % fewer positions (#31465 0.39 M, was 1.47 M).
 * The four after it (issue 39, after Freecell Solver's moves onto a parent under other cards and
 * its digs that fill the free cells and then the empty cascades) add groups y and q, moves onto a
 * buried card, and '^', dug cards parked in the empty cascades too: a run onto a card e deep
 * ('upxrleyq+', thread 0's weights), the best-first thread with both ('*^upxrlecyq'), and thread
 * 2's noisy order with the deep digs, without and with y and q. Each alone on the million's 14
 * four-cell deals unknown at 3 M and FC1-1 #33 (1 M positions): 8, 3, 7 and 8 of the 15 won, all
 * 15 between them and the older threads (thread 16 alone none). With four free cells ROUND is
 * the round before them without thread 16, with them and with threads 4 and 11, whose prelude
 * turns stop just short of #214670 (105 positions alone) and #305219 (261): the 14 all won
 * within 3 M, deals 1-2,000 0.995 M -> 0.930 M positions. A round of the new threads with
 * threads 0, 3, 6, 4 and 11 alone (0.907 M) left deals of the million the old round wins in
 * 20-60 K positions unknown at 3 M (#144445, #420395, #496564 in its first 106 chunks of 5,000).
 * With fewer cells, ROUND_FEWER, the round before them (with a round of the new threads FC1-3
 * #187 and FC1-1 #230 and #289 fell back to unknown at 3 M). With one cell, ROUND_ONE: thread
 * 5's turn (a third seed of thread 3's spec) is thread 0's: FC1-1 #33, #390 and #633, which
 * fc-solve's -l lg wins, each need 420-515 K positions of thread 0 alone, which a tenth of the
 * turns did not give them; all three won within 3 M, every other verdict of FC1-1 1-2,000 the
 * same, 192.0 M -> 179.7 M positions. Each other thread of the round is some deal's only
 * winner there (giving thread 16's turn to thread 0 too, and thread 5's to thread 1, also won
 * #893 but lost #1346; with thread 3's, #1724, 2's #578, 6's #1960; an eleventh turn #511).
 * With two, ROUND_TWO: thread 5's turn is thread 20's (FC1-2 #838, which -l lg wins, 168 K
 * positions of thread 20 alone): won in 1.71 M, every other verdict of FC1-2 1-1,000 the same,
 * 74.3 M -> 73.5 M positions (the same turns in the prelude won it in 0.20 M, but put off every
 * harder deal by 170 K); with PRELUDE_TWO, on 1,001-2,000 #1260 won and no verdict lost. */
static const Spec SPECS[] = {
    {{0}, {"upxrle+"}, 1, {40, 8, 4, 3, 20, 40}, 19},
    {{0}, {"upxrle~~"}, 1, {40, 3, 4, 6, 12, 24}, 17},
    {{0}, {"upxrle~~"}, 1, {40, 12, 2, 3, 12, 24}, 21},
    {{0}, {"upxrle"}, 1, {40, 6, 4, 3, 12, 24}, 6},
    {{0}, {"upxrle~"}, 1, {40, 12, 2, 3, 12, 24}, 23},
    {{0}, {"upxrle"}, 1, {40, 6, 4, 3, 12, 24}, 4},
    {{0}, {"upxrle~~~~"}, 1, {40, 6, 4, 3, 12, 24}, 12},
    {{0}, {"u x p r le"}, 1, {40, 6, 4, 3, 12, 24}, 28},
    {{0}, {"upxrle"}, 1, {40, 6, 4, 3, 12, 24}, 5},
    {{0}, {"upxrle~~"}, 1, {40, 6, 8, 3, 12, 24}, 16},
    {{0}, {"upxrlec+"}, 1, {40, 6, 4, 3, 12, 24}, 15},
    {{0}, {"upxrle+"}, 1, {40, 4, 8, 6, 8, 16}, 20},
    {{0}, {"upxrle+"}, 1, {40, 3, 4, 6, 12, 24}, 2},
    {{0}, {"upxrle~~~"}, 1, {40, 10, 6, 1, 16, 30}, 24},
    {{0}, {"upxrle~~"}, 1, {40, 10, 6, 1, 16, 30}, 3},
    {{0}, {"up x r le"}, 1, {40, 6, 4, 3, 12, 24}, 7},
    {{0}, {"*upxrlec"}, 1, {40, 0, 0, 0, 20, 40}, 30},
    {{0}, {"upxrleyq+"}, 1, {40, 8, 4, 3, 20, 40}, 19},
    {{0}, {"*^upxrlecyq"}, 1, {40, 0, 0, 0, 20, 40}, 30},
    {{0}, {"^upxrle~~"}, 1, {40, 12, 2, 3, 12, 24}, 21},
    {{0}, {"^upxrleyq~~"}, 1, {40, 12, 2, 3, 12, 24}, 21},
    {{0}, {"$upxrle~~"}, 1, {40, 12, 2, 3, 12, 24}, 21},
    {{0}, {"$^upxrleyq~~"}, 1, {40, 12, 2, 3, 12, 24}, 21},
    {{0}, {"$^upqryle~~"}, 1, {40, 12, 2, 3, 12, 24}, 21},
};
#define NSPECS ((int)(sizeof SPECS / sizeof SPECS[0]))
_Static_assert(sizeof SPECS / sizeof SPECS[0] + 1 <= MAXTHREADS, "a thread's state for every spec and the sound search");
typedef struct {
    int thread, quota;
} Slot;
static const Slot PRELUDE[] = {{0, 200}, {1, 150}, {2, 200}, {0, 50}, {3, 500}, {2, 50}, {4, 100}, {0, 25}, {3, 25}, {5, 400}, {6, 200}, {5, 25}, {6, 25}, {7, 1075}, {8, 450}, {0, 50}, {7, 200}, {9, 400}, {8, 250}, {10, 100}, {11, 50}, {0, 400}, {12, 100}, {13, 100}, {14, 50}, {15, 200}};
static const int ROUND[] = {17, 2, 20, 3, 19, 5, 3, 2, 2, 7, 8, 6, NSPECS, 18, NSPECS, 4, 11};
static const int ROUND_FEWER[] = {0, 2, 3, 5, 7, 8, 6, NSPECS, 16, NSPECS};
static const int ROUND_ONE[] = {0, 2, 3, 0, 7, 8, 6, NSPECS, 16, NSPECS};
static const int ROUND_TWO[] = {0, 2, 3, 20, 7, 8, 6, NSPECS, 16, NSPECS};
/* With one or two free cells, once the race has made LATE positions (issue 39), a late round:
 * threads whose runs move as Freecell Solver's sequence moves move them ('$': thread 2 so
 * restricted is 21, thread 20 is 22, 23 is 22 without x, the digs up) take turns of QUOTA_LATE
 * positions: with one cell 21 as one more turn and 22 in thread 0's second turn's place
 * (ROUND_ONE_LATE; 21 alone left FC1-1 #1716, which -l lg wins, unknown), with two 22 in thread
 * 20's place and 23 as one more turn (ROUND_TWO_LATE; with 22 as one more turn, FC1-2 #1358, lost
 * at 2.93 M, was unknown at 3 M; without 23, FC1-2 #1103, which -l lg wins in 110 states, was: 23
 * alone wins it in 1,465 positions, 22 not in 600 K). FC1-1 #695 and FC1-2 #267, which fc-solve
 * -l lg wins, were unknown at 3 M: no thread alone won either within 1.5 M positions, and on #267
 * every thread without moves into the free cells ran out at 150,555. fc-solve with its meta moves
 * alone ("[01][24678]", no atomic move) wins #267 in 115-670 K states, and our moves follow its
 * line move for move: the moves were there, the search drowned in them. What drowned it: gen moves
 * every length of a cascade's top run into an empty cascade (a card off a run among them), and the
 * digs take runs from their middle; fc-solve moves a top run into an empty column only whole, and
 * digs a run only from its head. Alone, thread 21 wins #695 in 902 positions (thread 2 not in
 * 1.5 M), thread 22 #267 in 328 K (thread 20 not in 1.5 M). The race is the same as before up to
 * LATE: every deal settled by then (and every hint, 20,000 positions) as it was, line for line
 * (the 3,614 such deals of FC1-1 and FC1-2 1-2,000 checked), and the levels' effort cuts (at most
 * 63 K positions) untouched. */
static const long LATE = 100000;
static const int QUOTA_LATE = 1000;
static const int ROUND_ONE_LATE[] = {0, 2, 3, NSPECS - 2, 7, 8, 6, NSPECS, 16, NSPECS, NSPECS - 3};
static const int ROUND_TWO_LATE[] = {0, 2, 3, NSPECS - 2, 7, 8, 6, NSPECS, 16, NSPECS, NSPECS - 1};
/* With two free cells the prelude goes on: thread 1 to 20,150 positions, thread 13 to 5,100
 * (FC1-2 #209 and #394, which fc-solve's -l lg wins, need 17,560 of thread 1 alone and 3,436 of
 * thread 13; neither thread is in ROUND_FEWER): both won, every other verdict of FC1-2 1-1,000
 * the same, 80.0 M -> 74.3 M positions. */
static const Slot PRELUDE_TWO[] = {{1, 20000}, {13, 5000}};
/* With four free cells, PRELUDE_FOUR (issue 39): chosen as PRELUDE was, greedily, but from
 * today's threads (the digging ones among them) and moves, each alone on deals 1-12,000 to at
 * most 6,000 positions, 5,000 positions of slots (bench/freecell_prelude.py prints it): deals
 * 1-32,000 19.48 M -> 17.21 M positions (1-12,000 -7 %, 12,001-32,000 -14 %), every verdict the
 * same, none above 0.58 M. PRELUDE, chosen on the moves of then, stays with fewer cells. */
/* With four free cells the round after PRELUDE_FOUR chosen again (issue 39), greedily: from the
 * round before it ({0, 17, 2, 20, 3, 19, 5, 7, 8, 6, NSPECS, 18, NSPECS, 4, 11}), each step the
 * one change of a turn (one taken out, or one of 16 threads put in at the middle or the end)
 * that took the fewest positions on the 333 deals of 1-32,000 that reach the round, kept only
 * when the 753 of 32,001-96,000 that reach it took fewer too: thread 3 a second turn, thread 2
 * two more, thread 0 none (its prelude turns stay). The 333: 7.13 M -> 6.66 M positions; the
 * 753: 12.70 M -> 12.11 M; none left unknown. Thread 11's turn stays, though the greedy took it
 * out too: without it the million's #305219 (10,861 positions before) was unknown at 3 M. The
 * million's 48 deals that took over 500 K positions or were once unknown at 3 M: 38.5 M -> 35.9 M,
 * the most #577109 at 2.44 M (#581546 2.98 M -> 1.13 M; #486822 0.67 M -> 2.10 M). Deals 1-32,000:
 * 17.21 M -> 16.73 M positions, every verdict the same (1-2,000: 0.89 M -> 0.91 M). */
static const Slot PRELUDE_FOUR[] = {{0, 200}, {13, 225}, {1, 175}, {0, 50}, {20, 150}, {1, 25}, {13, 75}, {14, 175}, {0, 75}, {3, 350}, {0, 25}, {14, 200}, {3, 50}, {13, 200}, {3, 50}, {17, 150}, {13, 325}, {2, 200}, {17, 25}, {3, 50}, {5, 425}, {13, 150}, {8, 250}, {5, 125}, {6, 175}, {5, 100}, {2, 75}, {8, 100}, {20, 50}, {3, 300}, {9, 75}, {0, 225}, {5, 50}, {6, 75}, {17, 25}, {13, 25}};
#define NPRELUDE_FOUR ((int)(sizeof PRELUDE_FOUR / sizeof PRELUDE_FOUR[0]))
#define NPRELUDE ((int)(sizeof PRELUDE / sizeof PRELUDE[0]))
#define NPRELUDE_TWO ((int)(sizeof PRELUDE_TWO / sizeof PRELUDE_TWO[0]))
static const int QUOTA = 200;
/* With one free cell the sound search's turns in ROUND_ONE are of QUOTA_SOUND_ONE positions (issue
 * 39): FC1-1 #893, which fc-solve's -l lg wins, was unknown at 3 M; threads 1 and 20 alone win it
 * in 265-270 K positions but have no turn in the round, and another turn for either (an eleventh,
 * or thread 5's) lost #511 or #1346; the sound search alone wins it in 616 K and has two turns of
 * ten. With turns of 250 it is won in 2.59 M, every other verdict of FC1-1 1-2,000 the same
 * (#511, the nearest to the cap, 2.74 M -> 2.88 M), 179.7 M -> 177.7 M positions; 300 lost #511. */
static const int QUOTA_SOUND_ONE = 250;

static FB *board_copy(const FB *b) {
    FB *c = malloc(sizeof *c);
    if (!c) return NULL;
    *c = *b;
    c->trail = malloc(sizeof(Step) * (size_t)b->tcap);
    if (!c->trail) {
        free(c);
        return NULL;
    }
    memcpy(c->trail, b->trail, sizeof(Step) * (size_t)b->nt);
    return c;
}

/* Thread q's board (a copy of b, which no thread touches), stack and spec,
 * made on its first turn (most deals are won before most threads have one): 0 when out of
 * memory. */
static int thread_start(Thread *x, FB *b, int q, const Options *o) {
    x->b = board_copy(b);
    x->bit = q;
    x->sound = q == NSPECS;
    x->rng = o->rng + 0x9E3779B97F4A7C15ULL * (uint64_t)((x->sound ? q : SPECS[q].seed) + 1);
    x->complete = 1;
    if (x->b) set_weights(x->b, x->sound ? W0.lower : SPECS[q].w.lower, x->sound ? W0.brk : SPECS[q].w.brk);
    if (!x->sound) {
        const Spec *sp = &SPECS[q];
        x->befs = sp->order[0][0] == '*';
        x->deep = strchr(sp->order[0], '^') != NULL;
        x->whole = strchr(sp->order[0], '$') != NULL;
        x->nph = sp->nph;
        x->w = sp->w;
        for (int k = 0; k < sp->nph; k++) {
            x->from[k] = sp->from[k];
            phase_of(&x->ph[k], sp->order[k]);
            for (int g = 0; g <= G_C; g++) x->complete &= x->ph[k].rank_of[g] >= 0;
        }
    }
    return x->b && stack_init(&x->st, sizeof(Step));
}

/* A turn of thread x, of at most quota positions (and what is left of the race's budget), its
 * root entered on its first turn: WON, BUDGET (the quota used, or the thread out of moves when
 * that proves nothing), EXHAUSTED (a complete thread or the sound search out of moves), FULL or
 * TIMEOUT. */
static int turn(Thread *x, FB *b, int q, Table *t, long quota, long *nodes, const Options *o, long start_nodes) {
    if (o->budget > 0) {
        long left = o->budget - (*nodes - start_nodes);
        if (left <= 0) return BUDGET;
        if (quota > left) quota = left;
    }
    if (!x->started) {
        x->started = 1;
        if (!thread_start(x, b, q, o)) return FULL;
        int r = x->befs ? befs_start(x, t) : enter_thread(x, t, 0, NULL);
        if (r == 1) return WON;
        if (r < 0) return FULL;
    }
    int r = x->befs ? run_befs(x, t, quota, nodes, o) : run_thread(x, t, quota, nodes, o);
    if (r != EXHAUSTED) return r;
    x->alive = 0;
    return x->sound || x->complete ? EXHAUSTED : BUDGET;
}

/* The race from board b: the prelude's turns, then the threads of ROUND and the sound search in
 * turn (with a mask, only the threads it names, in turn, no prelude): WON (the winner's trail
 * copied into b), EXHAUSTED (a complete thread ran out), BUDGET, TIMEOUT or FULL. */
static int race_run(FB *b, Options *o, long *nodes, size_t start, unsigned long mask) {
    Table t;
    Thread th[MAXTHREADS];
    int nt = 1 + NSPECS, result = BUDGET, winner = -1;
    if (!table_init(&t, start)) return FULL;
    memset(th, 0, sizeof th);
    for (int q = 0; q < nt; q++) th[q].alive = !mask || (mask >> q & 1);
    long start_nodes = *nodes;
#define SPENT (o->budget > 0 && *nodes - start_nodes >= o->budget)
    const Slot *pre = b->ncells == 4 ? PRELUDE_FOUR : PRELUDE;
    int npre = b->ncells == 4 ? NPRELUDE_FOUR : NPRELUDE;
    int nprelude = npre + (b->ncells == 2 ? NPRELUDE_TWO : 0);
    for (int k = 0; !mask && k < nprelude && result == BUDGET && !SPENT; k++) {
        const Slot *sl = k < npre ? &pre[k] : &PRELUDE_TWO[k - npre];
        Thread *x = &th[sl->thread];
        if (!x->alive) continue;
        result = turn(x, b, sl->thread, &t, sl->quota, nodes, o, start_nodes);
        if (result == WON) winner = sl->thread;
    }
    /* With four free cells, the round of the threads that dig onto buried cards and park in the
     * empty cascades; with fewer, the round without them (where they measured slower); with one
     * cell, thread 0 twice in it (for thread 5); with two, thread 20 for thread 5. */
    const int *round = b->ncells == 4 ? ROUND : b->ncells == 1 ? ROUND_ONE : b->ncells == 2 ? ROUND_TWO : ROUND_FEWER;
    int nround = mask                ? nt
                 : b->ncells == 4    ? (int)(sizeof ROUND / sizeof *ROUND)
                 : b->ncells == 1    ? (int)(sizeof ROUND_ONE / sizeof *ROUND_ONE)
                 : b->ncells == 2    ? (int)(sizeof ROUND_TWO / sizeof *ROUND_TWO)
                                     : (int)(sizeof ROUND_FEWER / sizeof *ROUND_FEWER);
    while (result == BUDGET && !SPENT) {
        int any = 0;
        int late = !mask && b->ncells <= 2 && *nodes - start_nodes >= LATE;
        if (late && round != ROUND_ONE_LATE && round != ROUND_TWO_LATE) {
            round = b->ncells == 1 ? ROUND_ONE_LATE : ROUND_TWO_LATE;
            nround = b->ncells == 1 ? (int)(sizeof ROUND_ONE_LATE / sizeof *ROUND_ONE_LATE)
                                    : (int)(sizeof ROUND_TWO_LATE / sizeof *ROUND_TWO_LATE);
        }
        for (int k = 0; k < nround && result == BUDGET && !SPENT; k++) {
            int q = mask ? k : round[k];
            if (!th[q].alive) continue;
            any = 1;
            int quota = mask ? QUOTA
                        : q >= NSPECS - 3 && q < NSPECS ? QUOTA_LATE
                        : b->ncells == 1 && q == NSPECS ? QUOTA_SOUND_ONE
                                                        : QUOTA;
            result = turn(&th[q], b, q, &t, quota, nodes, o, start_nodes);
            if (result == WON) winner = q;
        }
        if (!any) break;
    }
#undef SPENT
    if (result == WON) {
        /* The winner's trail is the line: into b's. */
        FB *w = th[winner].b;
        free(b->trail);
        b->trail = w->trail;
        b->tcap = w->tcap;
        b->nt = w->nt;
        w->trail = NULL;
    }
    for (int q = 0; q < nt; q++) {
        stack_free(&th[q].st);
        free(th[q].nodes);
        free(th[q].heap);
        free(th[q].on);
        if (th[q].b) {
            free(th[q].b->trail);
            free(th[q].b);
        }
    }
    table_free(&t);
    return result;
}

static PyObject *tokens_of(FB *b, const Step *steps, Py_ssize_t n);
#define TOKEN_MAX 8 /* a token's bytes at most, with the space after it: "8x13-7 " */
static Py_ssize_t line_text(FB *b, const Step *steps, Py_ssize_t n, char *text);

/* race(cascades, cells, found, budget, seconds, seed, threads, tokens) -> (status, steps, nodes),
 * as search(); threads: a bit set of the threads that run (0: all of them; bench/ compares
 * them); with tokens, a win's line comes as its move tokens, checked as line() checks them. */
static PyObject *race(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *cols, *cells, *found;
    long budget;
    double seconds;
    unsigned long long seed = 0;
    unsigned long mask = 0;
    int tokens = 0;
    if (!PyArg_ParseTuple(args, "OOOld|Kkp", &cols, &cells, &found, &budget, &seconds, &seed, &mask, &tokens))
        return NULL;
    FB *b = board_from(cols, cells, found);
    if (!b) return NULL;
    Options o = {0, budget, deadline_in(seconds), 0.0, (uint64_t)seed};
    long nodes = 0;
    int status;
    Py_BEGIN_ALLOW_THREADS;
    status = race_run(b, &o, &nodes, (size_t)1 << 12, mask);
    Py_END_ALLOW_THREADS;
    if (!tokens || status != WON) return answer_for_python(b, status, nodes);
    /* b is still the position the race began from, its trail the winner's: the line's tokens,
     * each move checked as line() checks it. */
    PyObject *line_tokens = tokens_of(b, b->trail, b->nt);
    free(b->trail);
    free(b);
    return line_tokens ? Py_BuildValue("iNl", status, line_tokens, nodes) : NULL;
}

/* race_deal(number, cells, budget, seconds) -> (status, line, nodes): race() from the first
 * position of Microsoft's deal `number` with `cells` free cells (1-4), dealt here, and a win's
 * line as one string, its tokens (checked as line() checks them) each followed by a space but
 * the last; "" for any other status (paciencia solve --codes: no position made in Python). */
static PyObject *race_deal(PyObject *self, PyObject *args) {
    (void)self;
    unsigned long long number;
    int ncells;
    long budget;
    double seconds;
    if (!PyArg_ParseTuple(args, "Kild", &number, &ncells, &budget, &seconds)) return NULL;
    if (ncells < 1 || ncells > 4) {
        PyErr_SetString(PyExc_ValueError, "a FreeCell deal has 1 to 4 free cells");
        return NULL;
    }
    FB *b = board_deal(number, ncells);
    if (!b) return NULL;
    Options o = {0, budget, deadline_in(seconds), 0.0, 0};
    long nodes = 0;
    int status;
    Py_BEGIN_ALLOW_THREADS;
    status = race_run(b, &o, &nodes, (size_t)1 << 12, 0);
    Py_END_ALLOW_THREADS;
    PyObject *result = NULL;
    if (status != WON) result = Py_BuildValue("isl", status, "", nodes);
    else {
        char *text = malloc((size_t)(b->nt ? b->nt : 1) * TOKEN_MAX);
        Py_ssize_t len = text ? line_text(b, b->trail, b->nt, text) : -1;
        if (!text) PyErr_NoMemory();
        else if (len >= 0) result = Py_BuildValue("is#l", status, text, len ? len - 1 : 0, nodes);
        free(text);
    }
    free(b->trail);
    free(b);
    return result;
}

/* -- the line: each search move checked and written as the engine writes it ------------------- *
 *
 * line(cascades, cells, found, steps) -> the move tokens. The steps (a race's, as (kind, a, b, n,
 * card)) are replayed on a board of their own with the rules of paciencia/games/freecell/rules.py
 * checked move by move (FreeCellState.check: a run built down in alternating colours, of at most
 * (free cells + 1) x 2^(empty cascades, the destination not counted) cards, onto a card it fits
 * or an empty cascade; a free cell empty; a foundation's next card), and the line must win; a
 * refused move or a line that does not win raises AssertionError. The cells are named as the
 * engine names them: a card goes into the first free cell, a card leaves the cell holding it.
 * tests/solver/test_freecell_solver.py replays sample lines through the engine itself, so that
 * this check and the engine's rules are shown to agree. */

/* A token's text from its parts, as snprintf would write them, without its format parsing:
 * each part a place's character or a number (at most two digits here: a cascade, a run's
 * length). */
static char *put_num(char *o, int x) {
    if (x >= 10) *o++ = (char)('0' + x / 10);
    *o++ = (char)('0' + x % 10);
    return o;
}

static PyObject *refuse(int q, const char *why) {
    PyErr_Format(PyExc_AssertionError, "the solver's line makes a move the rules refuse: step %d (%s)", q + 1, why);
    return NULL;
}

/* The tokens of steps[0..n) from board b (which they are played on) into text, each followed
 * by a space (at most TOKEN_MAX bytes each, the space counted; text holds n * TOKEN_MAX): their
 * length in all, or -1 with AssertionError. */
static Py_ssize_t line_text(FB *b, const Step *steps, Py_ssize_t n, char *text) {
    static const char SUITS[] = "shdc", CELLS[] = "abcd";
    char *tok = text;
    for (Py_ssize_t q = 0; q < n; q++) {
        int kind = steps[q].kind, a = steps[q].a, t = steps[q].b, k = steps[q].n, card = steps[q].card;
        int src_ok = (kind == CF || kind == CL || kind == CC) ? a >= 0 && a < NC && b->len[a] > 0 : 1;
        if (!src_ok) {
            refuse((int)q, "no card at the source");
            return -1;
        }
        int cell = -1, nfree = 0, free0 = -1;
        for (int x = 0; x < b->ncells; x++) {
            if (b->cell[x] < 0) {
                nfree++;
                if (free0 < 0) free0 = x;
            }
            if ((kind == LF || kind == LC) && card >= 0 && b->cell[x] == card) cell = x;
        }
        switch (kind) {
        case CF: {
            int c = b->col[a][b->len[a] - 1];
            if (card < 0 || card > 51 || suit(card) != suit(c) || b->found[suit(c)] != rank(c)) {
                refuse((int)q, "not the next card of that foundation");
                return -1;
            }
            tok = put_num(tok, a + 1);
            *tok++ = '-', *tok++ = 'F', *tok++ = SUITS[suit(c)], *tok++ = ' ';
            col_pop(b, a);
            b->found[suit(c)]++;
            break;
        }
        case LF:
            if (cell < 0 || b->found[suit(card)] != rank(card)) {
                refuse((int)q, cell < 0 ? "no such card in a cell" : "not the next card of its foundation");
                return -1;
            }
            tok[0] = CELLS[cell], tok[1] = '-', tok[2] = 'F', tok[3] = SUITS[suit(card)], tok[4] = ' ';
            tok += 5;
            cell_take(b, cell);
            b->found[suit(card)]++;
            break;
        case CL:
            if (free0 < 0) {
                refuse((int)q, "no free cell");
                return -1;
            }
            tok = put_num(tok, a + 1);
            *tok++ = '-', *tok++ = CELLS[free0], *tok++ = ' ';
            cell_put(b, free0, col_pop(b, a));
            break;
        case LC:
            if (cell < 0 || t < 0 || t >= NC || (b->len[t] && !FITS[card][b->col[t][b->len[t] - 1]])) {
                refuse((int)q, cell < 0 ? "no such card in a cell" : "the card does not fit there");
                return -1;
            }
            tok[0] = CELLS[cell], tok[1] = '-';
            tok = put_num(tok + 2, t + 1);
            *tok++ = ' ';
            col_push(b, t, cell_take(b, cell));
            break;
        case CC: {
            int empty = 0;
            if (t < 0 || t >= NC || t == a || k < 1 || k > b->len[a]) {
                refuse((int)q, "no such run");
                return -1;
            }
            for (int x = 0; x < NC; x++) empty += !b->len[x] && x != t;
            int ok = k <= (nfree + 1) << empty, top = b->len[a] - k;
            for (int x = top + 1; ok && x < b->len[a]; x++) ok = FITS[b->col[a][x]][b->col[a][x - 1]];
            if (ok && b->len[t]) ok = FITS[b->col[a][top]][b->col[t][b->len[t] - 1]];
            if (!ok) {
                refuse((int)q, "not a run that fits there, or more cards than the free places carry");
                return -1;
            }
            tok = put_num(tok, a + 1);
            if (k > 1) *tok++ = 'x', tok = put_num(tok, k);
            *tok++ = '-';
            tok = put_num(tok, t + 1);
            *tok++ = ' ';
            col_move(b, a, t, k);
            break;
        }
        default: refuse((int)q, "not a move"); return -1;
        }
    }
    if (!won(b)) {
        PyErr_SetString(PyExc_AssertionError, "the solver's line does not win");
        return -1;
    }
    return tok - text;
}

/* The tokens of steps[0..n) from board b (which they are played on), as a tuple, or NULL with
 * AssertionError. */
static PyObject *tokens_of(FB *b, const Step *steps, Py_ssize_t n) {
    char *text = malloc((size_t)(n ? n : 1) * TOKEN_MAX);
    if (!text) return PyErr_NoMemory();
    PyObject *out = NULL;
    Py_ssize_t len = line_text(b, steps, n, text);
    if (len >= 0 && (out = PyTuple_New(n))) {
        const char *p = text;
        for (Py_ssize_t q = 0; q < n; q++) {
            const char *e = memchr(p, ' ', (size_t)(text + len - p));
            PyObject *s = PyUnicode_FromStringAndSize(p, e - p);
            if (!s) {
                Py_CLEAR(out);
                break;
            }
            PyTuple_SET_ITEM(out, q, s);
            p = e + 1;
        }
    }
    free(text);
    return out;
}

static PyObject *line(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *cols, *cells, *found, *steps, *result = NULL;
    if (!PyArg_ParseTuple(args, "OOOO", &cols, &cells, &found, &steps)) return NULL;
    PyObject *seq = PySequence_Fast(steps, "steps must be a sequence");
    if (!seq) return NULL;
    FB *b = board_from(cols, cells, found);
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    Step *ms = malloc(sizeof(Step) * (size_t)(n ? n : 1));
    if (b && ms) {
        Py_ssize_t q = 0;
        for (; q < n; q++) {
            int kind, a, t, k, card;
            /* "(iiiii)": any sequence of five ints (a list as well as a tuple), else TypeError. */
            if (!PyArg_Parse(PySequence_Fast_GET_ITEM(seq, q), "(iiiii)", &kind, &a, &t, &k, &card)) break;
            /* Out of a byte's range: a move no rule allows (refused as such). */
            int bad = kind < 0 || kind > CC || a < 0 || a > 255 || t < 0 || t > 255 || k < 0 || k > 255 || card < -1 || card > 51;
            ms[q] = (Step){(uint8_t)(bad ? 255 : kind), (uint8_t)a, (uint8_t)t, (uint8_t)k, (uint8_t)(card < 0 ? 255 : card), 0, 0, 0};
        }
        if (q == n) result = tokens_of(b, ms, n);
    } else if (b) PyErr_NoMemory();
    free(ms);
    if (b) {
        free(b->trail);
        free(b);
    }
    Py_DECREF(seq);
    return result;
}

/* deal(number) -> the eight cascades of Microsoft's deal `number`, each bottom to top (card ids):
 * the shuffle paciencia/games/freecell/deal.py describes, in C (solve --codes deals thousands;
 * a draw a card in Python was 10 us a deal). */
static PyObject *deal(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *arg;
    if (!PyArg_ParseTuple(args, "O!", &PyLong_Type, &arg)) return NULL;
    /* Checked, not wrapped ("K" would deal -1 as 2**64 - 1): OverflowError outside 0..2**64 - 1. */
    unsigned long long number = PyLong_AsUnsignedLongLong(arg);
    if (number == (unsigned long long)-1 && PyErr_Occurred()) return NULL;
    int dealt[52];
    deal_cards(number, dealt);
    PyObject *cols = PyList_New(NC);
    if (!cols) return NULL;
    for (int a = 0; a < NC; a++) {
        PyObject *col = PyList_New(a < 4 ? 7 : 6);
        if (!col) {
            Py_DECREF(cols);
            return NULL;
        }
        for (int q = a, i = 0; q < 52; q += NC, i++) PyList_SET_ITEM(col, i, PyLong_FromLong(dealt[q]));
        PyList_SET_ITEM(cols, a, col);
    }
    return cols;
}

static PyMethodDef methods[] = {
    {"deal", deal, METH_VARARGS, "Microsoft's FreeCell deal (paciencia/games/freecell/deal.py)."},
    {"search", search, METH_VARARGS, "Depth-first search of a FreeCell position (paciencia/games/freecell/solver.py)."},
    {"race", race, METH_VARARGS, "Soft threads racing over one table (paciencia/games/freecell/solver.py)."},
    {"race_deal", race_deal, METH_VARARGS, "race() from Microsoft's deal, dealt in C, a win's line as one string."},
    {"line", line, METH_VARARGS, "A race's steps checked by the rules and written as move tokens."},
    {NULL, NULL, 0, NULL},
};

static int setup(PyObject *mod) {
    (void)mod;
    cards_init(BUILD_ALTERNATE);
    for (int c = 0; c < 52; c++)
        for (int p = 0; p < 52; p++)
            if (FITS[c][p]) PARENT_SET[c] |= 1ULL << p;
    memset(CHILDREN, -1, sizeof CHILDREN);
    for (int p = 0; p < 52; p++)
        for (int c = 0, j = 0; c < 52; c++)
            if (FITS[c][p]) CHILDREN[p][j++] = (int8_t)c;
    uint64_t s = 0x46524545434C4CULL;
    for (int q = 0; q < DEPTH; q++)
        for (int c = 0; c < 52; c++) ZC[q][c] = next_rand(&s);
    for (int c = 0; c < 52; c++) ZL[c] = next_rand(&s);
    return 0;
}

SEARCH_MODULE(methods, setup)
