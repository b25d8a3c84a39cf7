/* What the search loops of the games that take cards away share, over _search.h: a layout of
 * rows in which each card lies covered by cards below it until they are gone, what is exposed
 * and what a removal exposes, the moves of a position ordered by the game's score, and the two
 * methods of the module (search, hopeless) around the game's own reading of a position.
 *
 * A game's loop includes this header first; defines its board (with `trail` and `nt`, as
 * _search_run.h asks), its Step, make(), unmake(), hopeless(board) and score(board, step);
 * then TAKEAWAY_FRAME(Board, Step) (push_scored), its enter(), _search_run.h, and its
 * board_from(position tuple) and options_for(board, options); last TAKEAWAY_MODULE(Board, ...).
 * Its setup() calls layout_init() with each place's covers (cover_pair() for two side by side). */
#ifndef PACIENCIA_TAKEAWAY_H
#define PACIENCIA_TAKEAWAY_H

#include "_search.h"

#define LAYOUT_MAX 32 /* places at most: the sets of places are uint32_t bits */

/* The layout, filled once by layout_init(): COVER[i] the two places that cover place i (none on
 * the bottom row), UNDER[i] the places that place i helps cover, BELOW[i] the places that must go
 * before place i (those that cover it, and on down), ABOVE[i] those that must go after it (the
 * places it helps cover, directly or not). */
static uint32_t COVER[LAYOUT_MAX], UNDER[LAYOUT_MAX], BELOW[LAYOUT_MAX], ABOVE[LAYOUT_MAX];

/* The places a and a + 1, side by side below a card (a < 0: none, the bottom row). */
__attribute__((unused)) static inline uint32_t cover_pair(int a) { return a < 0 ? 0 : 1u << a | 1u << (a + 1); }

/* The layout of `np` places numbered row by row from the top, place i covered by the places of
 * cover[i] (bits), each after the place it covers. */
__attribute__((unused)) static void layout_init(int np, const uint32_t *cover) {
    for (int i = np - 1; i >= 0; i--) {
        COVER[i] = cover[i];
        BELOW[i] = COVER[i];
        for (uint32_t c = COVER[i]; c; c &= c - 1) {
            int a = __builtin_ctz(c);
            BELOW[i] |= BELOW[a];
            UNDER[a] |= 1u << i;
        }
    }
    for (int i = 0; i < np; i++) /* UNDER names places of rows above: ABOVE fills from the top down */
        for (uint32_t u = UNDER[i]; u; u &= u - 1) ABOVE[i] |= 1u << __builtin_ctz(u) | ABOVE[__builtin_ctz(u)];
}

/* Whether place i holds a card that nothing covers, `gone` the places emptied. */
static inline int exposed(uint32_t gone, int i) { return !(gone >> i & 1) && !(COVER[i] & ~gone); }

/* The places that taking the cards at `taken` exposes (that were covered and no longer are). */
__attribute__((unused)) static inline uint32_t freed_by(uint32_t gone, uint32_t taken) {
    uint32_t after = gone | taken, out = 0, maybe = 0;
    for (uint32_t t = taken; t; t &= t - 1) maybe |= UNDER[__builtin_ctz(t)];
    for (maybe &= ~after; maybe; maybe &= maybe - 1) {
        int i = __builtin_ctz(maybe);
        if (!(COVER[i] & ~after)) out |= 1u << i;
    }
    return out;
}

/* The exposed places of `np` into out, in order; their number. */
__attribute__((unused)) static inline int exposed_places(uint32_t gone, int np, int *out) {
    int n = 0;
    for (int i = 0; i < np; i++)
        if (exposed(gone, i)) out[n++] = i;
    return n;
}

/* A search's options: its budget of positions, its deadline, the noise added to the scores and
 * its random stream, and `maxk`, what a game keeps of the position's start (options_for). */
typedef struct {
    long budget;
    double deadline, noise;
    uint64_t rng;
    int maxk;
} Options;

/* push_scored(st, b, ms, n, o): the n moves of position b, ordered by the game's score(b, m)
 * (with noise when asked; MAXM moves at most), pushed as the search's next frame. */
#define TAKEAWAY_FRAME(BOARD, MOVE)                                                                 \
    SCORED_MOVES(MOVE)                                                                              \
    static void push_scored(Stack *st, const BOARD *b, MOVE *ms, int n, Options *o) {               \
        if (n > 1) {                                                                                \
            Scored sc[MAXM];                                                                        \
            for (int q = 0; q < n; q++) {                                                           \
                double e = score(b, ms[q]);                                                         \
                if (o->noise > 0) e += o->noise * next_unit(&o->rng);                               \
                sc[q] = (Scored){ms[q], e};                                                         \
            }                                                                                       \
            order_moves(sc, ms, n);                                                                 \
        }                                                                                           \
        push_frame(st, ms, n, b->nt, 0);                                                            \
    }

#ifdef Py_PYTHON_H
/* The module's methods, once the game has board_from(position) (the position's arguments as a
 * tuple; NULL with an error when they are not one) and options_for(board, options):
 * search(position..., budget, seconds, noise, seed) -> (status, steps, nodes) and
 * hopeless(position...) -> bool, the dead-position test alone; SETUP as SEARCH_MODULE's. */
#define TAKEAWAY_MODULE(BOARD, SEARCH_DOC, HOPELESS_DOC, SETUP)                                     \
    static PyObject *search(PyObject *self, PyObject *args) {                                       \
        (void)self;                                                                                 \
        Py_ssize_t n = PyTuple_GET_SIZE(args);                                                      \
        long budget;                                                                                \
        double seconds, noise;                                                                      \
        unsigned long long seed;                                                                    \
        if (n < 4) {                                                                                \
            PyErr_SetString(PyExc_TypeError, "search(position..., budget, seconds, noise, seed)");  \
            return NULL;                                                                            \
        }                                                                                           \
        PyObject *pos = PyTuple_GetSlice(args, 0, n - 4), *rest = PyTuple_GetSlice(args, n - 4, n); \
        int ok = pos && rest && PyArg_ParseTuple(rest, "lddK", &budget, &seconds, &noise, &seed);   \
        BOARD *b = ok ? board_from(pos) : NULL;                                                     \
        Py_XDECREF(pos);                                                                            \
        Py_XDECREF(rest);                                                                           \
        if (!b) return NULL;                                                                        \
        Options o = {budget, deadline_in(seconds), noise, (uint64_t)seed, 0};                       \
        options_for(b, &o);                                                                         \
        return run_for_python(b, &o, table_start(budget, (size_t)1 << 16));                         \
    }                                                                                               \
    static PyObject *hopeless_for_python(PyObject *self, PyObject *args) {                                  \
        (void)self;                                                                                 \
        BOARD *b = board_from(args);                                                                \
        if (!b) return NULL;                                                                        \
        int h = hopeless(b);                                                                        \
        free(b->trail);                                                                             \
        free(b);                                                                                    \
        return PyBool_FromLong(h);                                                                  \
    }                                                                                               \
    static PyMethodDef methods[] = {                                                                \
        {"search", search, METH_VARARGS, SEARCH_DOC},                                               \
        {"hopeless", hopeless_for_python, METH_VARARGS, HOPELESS_DOC},                                      \
        {NULL, NULL, 0, NULL},                                                                      \
    };                                                                                              \
    SEARCH_MODULE(methods, SETUP)
#endif

#endif
