/* The FreeCell solver's depth-first search, in C: the model of paciencia/games/freecell/solver.py
 * (read its docstring: the moves searched, the canonical key, the safe moves up and their proof).
 *
 * search() runs one depth-first search over make/unmake with a transposition table. Sound mode
 * tries every search move (children ordered by the evaluation), so running out of moves proves
 * the position lost. Dive mode adds random noise to that order and stops after a node budget: it
 * only finds wins. A win comes back as the search moves made, which Python turns into move
 * tokens and replays on the engine.
 */
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
enum { CF = 0, LF = 1, CL = 2, LC = 3, CC = 4 };

static uint64_t ZC[DEPTH][52]; /* position in a cascade x card */
static uint64_t ZL[52];        /* a card in a cell (which cell does not matter) */

typedef struct {
    uint8_t kind, a, b, n, card, autom;
} Step;

typedef struct {
    uint8_t col[NC][DEPTH];
    int len[NC];
    int cell[4], ncells;
    int found[4];
    uint64_t hc[NC], hl; /* each cascade's hash and the cells' */
    Step *trail;
    int nt, tcap;
} FB;

static const int OPP1[4] = {1, 0, 0, 1}, OPP2[4] = {2, 3, 3, 2};

/* solver.py, "Safe moves up" (the proof is there). */
static int safe(const FB *b, int c) {
    int s = suit(c), r = rank(c);
    return r < 2 || (b->found[OPP1[s]] >= r && b->found[OPP2[s]] >= r);
}

static inline void col_push(FB *b, int a, int c) {
    b->hc[a] ^= ZC[b->len[a]][c];
    b->col[a][b->len[a]++] = (uint8_t)c;
}

static inline int col_pop(FB *b, int a) {
    int c = b->col[a][--b->len[a]];
    b->hc[a] ^= ZC[b->len[a]][c];
    return c;
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

static void make(FB *b, Step st) {
    switch (st.kind) {
    case CF: {
        int c = col_pop(b, st.a);
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
        int c = col_pop(b, st.a);
        st.card = (uint8_t)c;
        cell_put(b, st.b, c);
        break;
    }
    case LC: {
        int c = cell_take(b, st.a);
        st.card = (uint8_t)c;
        col_push(b, st.b, c);
        break;
    }
    default: { /* CC */
        int from = b->len[st.a] - st.n;
        st.card = b->col[st.a][from];
        for (int q = from; q < from + st.n; q++) col_push(b, st.b, b->col[st.a][q]);
        for (int q = 0; q < st.n; q++) col_pop(b, st.a);
    }
    }
    push(b, st);
}

static void unmake(FB *b) {
    Step st = b->trail[--b->nt];
    switch (st.kind) {
    case CF:
        b->found[suit(st.card)]--;
        col_push(b, st.a, st.card);
        break;
    case LF:
        b->found[suit(st.card)]--;
        cell_put(b, st.a, st.card);
        break;
    case CL:
        cell_take(b, st.b);
        col_push(b, st.a, st.card);
        break;
    case LC:
        col_pop(b, st.b);
        cell_put(b, st.a, st.card);
        break;
    default: {
        int from = b->len[st.b] - st.n;
        for (int q = from; q < from + st.n; q++) col_push(b, st.a, b->col[st.b][q]);
        for (int q = 0; q < st.n; q++) col_pop(b, st.b);
    }
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
                make(b, (Step){CF, (uint8_t)a, 0, 1, 0, 1});
                again = 1;
            }
        }
        for (int k = 0; k < b->ncells; k++) {
            int c = b->cell[k];
            if (c >= 0 && b->found[suit(c)] == rank(c) && safe(b, c)) {
                make(b, (Step){LF, (uint8_t)k, 0, 1, 0, 1});
                again = 1;
            }
        }
    }
}

static int won(const FB *b) { return b->found[0] + b->found[1] + b->found[2] + b->found[3] == 52; }

/* How many cards at cascade a's end are built down in alternating colours. */
static int run_len(const FB *b, int a) {
    int q = b->len[a] - 1, n = 0;
    if (q < 0) return 0;
    for (n = 1; q > 0 && FITS[b->col[a][q]][b->col[a][q - 1]]; q--) n++;
    return n;
}

/* The canonical key (solver.py, "Canonical key"): the cascades as a multiset (a sum of one hash
 * each), the cells as a set; the foundations are the cards found in neither. */
static void key(const FB *b, uint64_t *k1, uint64_t *k2) {
    uint64_t x = 0, y = 0;
    for (int a = 0; a < NC; a++) {
        if (!b->len[a]) continue;
        uint64_t h = b->hc[a] + (uint64_t)b->len[a] * 0xD6E8FEB86659FD93ULL;
        x += mix(h);
        y += mix(h ^ 0xA0761D6478BD642FULL);
    }
    *k1 = x ^ mix(b->hl);
    *k2 = y ^ mix(b->hl ^ 0xE7037ED1A0B428DBULL);
}

/* Every search move (solver.py, "Moves searched"): up to a foundation (those the automatic moves
 * leave), a run onto a cascade's end or into the first empty cascade (as many cards as the free
 * places carry; not a whole cascade into an empty one), a cell's card onto a cascade, a cascade's
 * end card into the first free cell. */
static int gen(const FB *b, Step *out) {
    int k = 0, empty = -1, nempty = 0, free_cell = -1, nfree = 0;
    for (int a = 0; a < NC; a++)
        if (!b->len[a]) {
            if (empty < 0) empty = a;
            nempty++;
        }
    for (int q = 0; q < b->ncells; q++)
        if (b->cell[q] < 0) {
            if (free_cell < 0) free_cell = q;
            nfree++;
        }
    for (int a = 0; a < NC; a++) {
        if (!b->len[a]) continue;
        int c = b->col[a][b->len[a] - 1];
        if (b->found[suit(c)] == rank(c)) out[k++] = (Step){CF, (uint8_t)a, 0, 1, 0, 0};
    }
    for (int q = 0; q < b->ncells; q++) {
        int c = b->cell[q];
        if (c >= 0 && b->found[suit(c)] == rank(c)) out[k++] = (Step){LF, (uint8_t)q, 0, 1, 0, 0};
    }
    int cap = (nfree + 1) << nempty, cap_empty = (nfree + 1) << (nempty > 0 ? nempty - 1 : 0);
    for (int a = 0; a < NC; a++) {
        int len = b->len[a];
        if (!len) continue;
        int run = run_len(b, a), end = b->col[a][len - 1];
        for (int t = 0; t < NC; t++) {
            if (t == a) continue;
            if (b->len[t]) {
                int e = b->col[t][b->len[t] - 1], n = rank(e) - rank(end);
                if (n >= 1 && n <= run && n <= cap && RED_[b->col[a][len - n]] != RED_[e])
                    out[k++] = (Step){CC, (uint8_t)a, (uint8_t)t, (uint8_t)n, 0, 0};
            } else if (t == empty) {
                int most = run < cap_empty ? run : cap_empty;
                for (int n = 1; n <= most; n++)
                    if (n < len) out[k++] = (Step){CC, (uint8_t)a, (uint8_t)t, (uint8_t)n, 0, 0};
            }
        }
    }
    for (int q = 0; q < b->ncells; q++) {
        int c = b->cell[q];
        if (c < 0) continue;
        for (int t = 0; t < NC; t++)
            if (b->len[t] ? FITS[c][b->col[t][b->len[t] - 1]] : t == empty)
                out[k++] = (Step){LC, (uint8_t)q, (uint8_t)t, 1, 0, 0};
    }
    if (free_cell >= 0)
        for (int a = 0; a < NC; a++)
            if (b->len[a]) out[k++] = (Step){CL, (uint8_t)a, (uint8_t)free_cell, 1, 0, 0};
    return k;
}

/* Higher is better: cards up, free cells and empty cascades, and few cards lying above the next
 * card each foundation wants, or above a lower card of their own suit (each must move first). */
static int evaluate(const FB *b) {
    int e = 0, nfree = 0, nempty = 0;
    for (int s = 0; s < 4; s++) e += 40 * b->found[s];
    for (int q = 0; q < b->ncells; q++) nfree += b->cell[q] < 0;
    for (int a = 0; a < NC; a++) {
        if (!b->len[a]) {
            nempty++;
            continue;
        }
        int low[4] = {13, 13, 13, 13};
        for (int q = 0; q < b->len[a]; q++) {
            int c = b->col[a][q], s = suit(c), r = rank(c);
            if (r == b->found[s]) e -= 6 * (b->len[a] - 1 - q); /* the next card of its suit, buried */
            if (r > low[s]) e -= 4;
            else low[s] = r;
            if (q && !FITS[c][b->col[a][q - 1]]) e -= 3; /* a break in the cascade's order */
        }
    }
    return e + 12 * nfree + 24 * nempty;
}

/* -- the search ---------------------------------------------------------------------------------- */

typedef struct {
    int dive;
    long budget;
    double deadline, noise;
    uint64_t rng;
} Options;

SCORED_MOVES(Step)

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
    int n = gen(b, ms), mark = b->nt;
    for (int q = 0; q < n; q++) {
        make(b, ms[q]);
        autos(b);
        double e = evaluate(b);
        while (b->nt > mark) unmake(b);
        if (o->noise > 0) e += o->noise * next_unit(&o->rng);
        sc[q] = (Scored){ms[q], e};
    }
    order_moves(sc, ms, n);
    push_frame(st, ms, n, mark, 0);
    return 0;
}

#define SEARCH_BOARD FB
#define SEARCH_MOVE Step
#define SEARCH_OPTIONS Options
#define SEARCH_TRAIL_STEPS
#include "_search_run.h"

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
    if (!ok) return not_a_position(b, b->trail, "not a FreeCell position for the search");
    for (int q = b->ncells; q < 4; q++) b->cell[q] = -1;
    for (int a = 0; a < NC; a++)
        for (int q = 0; q < b->len[a]; q++) b->hc[a] ^= ZC[q][b->col[a][q]];
    for (int q = 0; q < b->ncells; q++)
        if (b->cell[q] >= 0) b->hl += ZL[b->cell[q]];
    return b;
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

static PyMethodDef methods[] = {
    {"search", search, METH_VARARGS, "Depth-first search of a FreeCell position (paciencia/games/freecell/solver.py)."},
    {NULL, NULL, 0, NULL},
};

static int setup(PyObject *mod) {
    (void)mod;
    cards_init();
    uint64_t s = 0x46524545434C4CULL;
    for (int q = 0; q < DEPTH; q++)
        for (int c = 0; c < 52; c++) ZC[q][c] = next_rand(&s);
    for (int c = 0; c < 52; c++) ZL[c] = next_rand(&s);
    return 0;
}

SEARCH_MODULE(methods, setup)
