/* What the C search loops share: hashing, the clock, a random stream, the statuses, and the
 * transposition table (a set of 128-bit keys, each with a bit set: a search with a stock keeps
 * there the waste pointers it entered a position with; one without, a single bit). */
#ifndef PACIENCIA_SEARCH_H
#define PACIENCIA_SEARCH_H

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

enum { WON = 0, EXHAUSTED = 1, BUDGET = 2, TIMEOUT = 3, FULL = 4 };

static inline uint64_t mix(uint64_t x) {
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

static inline uint64_t next_rand(uint64_t *s) {
    *s += 0x9E3779B97F4A7C15ULL;
    return mix(*s);
}

/* A uniform double in [0, 1). */
static inline double next_unit(uint64_t *s) { return (double)(next_rand(s) >> 11) * (1.0 / 9007199254740992.0); }

static inline double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The deadline `seconds` from now; an infinite `seconds` is none, and then the clock is never
 * read: a search on a node budget alone stops at the same node on any machine, loaded or not. */
#define NO_DEADLINE HUGE_VAL
static inline double deadline_in(double seconds) { return isinf(seconds) && seconds > 0 ? NO_DEADLINE : now() + seconds; }

/* One key with its bits, side by side: a probe reads one or two cache lines, not three arrays'
 * (the table runs to 1.5 GB, far beyond the caches, so that is most of a probe's cost). */
typedef struct {
    uint64_t k1, k2, bits;
} Entry;

typedef struct {
    Entry *e;
    size_t cap, used;
} Table;

#define TABLE_MAX ((size_t)1 << 26) /* 64M keys, 1.5 GB: more than 10 s of search fills */

/* Tables of 2 MB and more are mapped on 2 MB boundaries and offered huge pages where the system
 * has them (Linux, "madvise"): a probe then rarely misses the TLB too, and the kernel faults in
 * and zeroes the memory 2 MB at a time, not 4 KB. */
#define HUGE_PAGE ((size_t)2 << 20)

static int table_init(Table *t, size_t cap) {
    size_t bytes = cap * sizeof(Entry);
    t->cap = cap;
    t->used = 0;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (bytes >= HUGE_PAGE) {
        size_t size = (bytes + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
        char *m = mmap(NULL, size + HUGE_PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (m == MAP_FAILED) {
            t->e = NULL;
            return 0;
        }
        size_t head = (HUGE_PAGE - ((uintptr_t)m & (HUGE_PAGE - 1))) & (HUGE_PAGE - 1);
        if (head) munmap(m, head);
        munmap(m + head + size, HUGE_PAGE - head);
        madvise(m + head, size, MADV_HUGEPAGE);
        t->e = (Entry *)(void *)(m + head);
        return 1;
    }
#endif
    t->e = calloc(cap, sizeof(Entry));
    return t->e != NULL;
}

static void table_free(Table *t) {
    if (!t->e) return;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    size_t bytes = t->cap * sizeof(Entry);
    if (bytes >= HUGE_PAGE) {
        munmap(t->e, (bytes + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1));
        return;
    }
#endif
    free(t->e);
}

static inline size_t table_slot(const Table *t, uint64_t k1, uint64_t k2) {
    size_t j = k1 & (t->cap - 1);
    while (t->e[j].k1 && !(t->e[j].k1 == k1 && t->e[j].k2 == k2)) j = (j + 1) & (t->cap - 1);
    return j;
}

static int table_grow(Table *t) {
    if (t->cap * 2 > TABLE_MAX) return 0;
    Table u;
    if (!table_init(&u, t->cap * 2)) {
        table_free(&u);
        return 0;
    }
    for (size_t i = 0; i < t->cap; i++)
        if (t->e[i].k1) {
            u.e[table_slot(&u, t->e[i].k1, t->e[i].k2)] = t->e[i];
            u.used++;
        }
    table_free(t);
    *t = u;
    return 1;
}

/* The table's first size: a search on a small node budget gets a small table (it grows when
 * needed), since a large one costs a page fault per key on every short search. */
static size_t table_start(long budget, size_t most) {
    size_t cap = (size_t)1 << 12;
    while (budget > 0 && cap < most && (long)cap < 4 * budget) cap <<= 1;
    return budget > 0 ? cap : most;
}

/* Enters key (k1, k2) with bit b: 0 when the key was entered before with a bit in `dominant`
 * (the node is not to be searched), 1 when it is to be searched (b is recorded), -1 when the
 * table is full. */
static int table_enter(Table *t, uint64_t k1, uint64_t k2, int b, uint64_t dominant) {
    if (!k1) k1 = 1;
    size_t j = table_slot(t, k1, k2);
    if (t->e[j].k1) {
        if (t->e[j].bits & dominant) return 0;
        t->e[j].bits |= 1ULL << b;
        return 1;
    }
    if (2 * (t->used + 1) > t->cap) {
        if (!table_grow(t)) return -1;
        j = table_slot(t, k1, k2);
    }
    t->e[j] = (Entry){k1, k2, 1ULL << b};
    t->used++;
    return 1;
}

static inline int table_has(const Table *t, uint64_t k1, uint64_t k2) {
    if (!k1) k1 = 1;
    return t->e[table_slot(t, k1, k2)].k1 != 0;
}

/* Appends move M to the trail of board B (its `trail`, `nt` moves of room `tcap`), doubling the
 * room when it is full. */
#define TRAIL_PUSH(B, M)                                                                            \
    do {                                                                                            \
        if ((B)->nt == (B)->tcap) {                                                                 \
            (B)->tcap *= 2;                                                                         \
            (B)->trail = realloc((B)->trail, sizeof *(B)->trail * (size_t)(B)->tcap);               \
        }                                                                                           \
        (B)->trail[(B)->nt++] = (M);                                                                \
    } while (0)

/* The frames of a depth-first search: each holds its moves (in one buffer of `size`-byte
 * moves), the next one to try, the trail length to unmake to, and a tag of the searcher's own. */
typedef struct {
    int off, n, i, mark, tag;
} Frame;

typedef struct {
    char *moves;
    size_t size;
    int n, cap;
    Frame *frames;
    int nf, fcap;
} Stack;

static int stack_init(Stack *st, size_t size) {
    *st = (Stack){malloc(size * 4096), size, 0, 4096, malloc(sizeof(Frame) * 1024), 0, 1024};
    return st->moves && st->frames;
}

static void stack_free(Stack *st) {
    free(st->moves);
    free(st->frames);
}

static void push_frame(Stack *st, const void *ms, int n, int mark, int tag) {
    while (st->n + n > st->cap) {
        st->cap *= 2;
        st->moves = realloc(st->moves, st->size * (size_t)st->cap);
    }
    memcpy(st->moves + st->size * (size_t)st->n, ms, st->size * (size_t)n);
    if (st->nf == st->fcap) {
        st->fcap *= 2;
        st->frames = realloc(st->frames, sizeof(Frame) * (size_t)st->fcap);
    }
    st->frames[st->nf++] = (Frame){st->n, n, 0, mark, tag};
    st->n += n;
}

/* The cards, as every game's loop numbers them (card c: suit c / 13, spades, hearts, diamonds,
 * clubs; rank c % 13, from the Ace; a game of two decks holds each card twice, as the same
 * number), and their colours: OPP1[s] and OPP2[s] are the suits of the other colour than suit
 * s, SAME[s] the other suit of its colour. */
__attribute__((unused)) static const int OPP1[4] = {1, 0, 0, 1}, OPP2[4] = {2, 3, 3, 2}, SAME[4] = {3, 2, 1, 0};

/* How a column builds down (the game's rule, given to cards_init): a card one rank lower of the
 * other colour, of the same suit, or of any suit. */
enum { BUILD_ALTERNATE, BUILD_SAME_SUIT, BUILD_ANY_SUIT };

/* FITS[c][p] when c may lie on p by the game's building rule (one rank lower, and the colour or
 * suit it asks); IN_SUIT[c][p] when c is p's next card down in its suit (a run of one suit, as
 * a game that moves only such runs takes and sends up). Filled once by cards_init(), at the
 * module's start. */
__attribute__((unused)) static uint8_t SUIT_[52], RANK_[52], RED_[52], FITS[52][52], IN_SUIT[52][52];
__attribute__((unused)) static inline int suit(int c) { return SUIT_[c]; }
__attribute__((unused)) static inline int rank(int c) { return RANK_[c]; }
__attribute__((unused)) static inline int fits(int c, int parent) { return FITS[c][parent]; }

static void cards_init(int build) {
    for (int c = 0; c < 52; c++) {
        SUIT_[c] = (uint8_t)(c / 13);
        RANK_[c] = (uint8_t)(c % 13);
        RED_[c] = (uint8_t)(SUIT_[c] == 1 || SUIT_[c] == 2);
    }
    for (int c = 0; c < 52; c++)
        for (int p = 0; p < 52; p++) {
            int below = RANK_[p] == RANK_[c] + 1;
            int colour = build == BUILD_ANY_SUIT || (build == BUILD_SAME_SUIT ? SUIT_[c] == SUIT_[p] : RED_[c] != RED_[p]);
            FITS[c][p] = (uint8_t)(below && colour);
            IN_SUIT[c][p] = (uint8_t)(below && SUIT_[c] == SUIT_[p]);
        }
}

/* A board's columns, each with a Zobrist hash of its cards kept up to date as cards come and go
 * at its end: COLUMN_OPS(Board, cards, len, hash, Z) defines, for a board type whose field
 * cards[a] holds column a's cards bottom to top, len[a] their number and hash[a] the xor of
 * Z[index][card] over them, col_push(b, a, c) (card c onto column a), col_pop(b, a) (column a's
 * end card off, returned) and col_move(b, from, to, n) (the last n cards of one onto the other,
 * in their order). */
#define COLUMN_OPS(BOARD, CARDS, LEN, HASH, Z)                                                      \
    __attribute__((unused)) static inline void col_push(BOARD *b, int a, int c) {                   \
        b->HASH[a] ^= Z[b->LEN[a]][c];                                                              \
        b->CARDS[a][b->LEN[a]++] = (uint8_t)c;                                                      \
    }                                                                                               \
    __attribute__((unused)) static inline int col_pop(BOARD *b, int a) {                            \
        int c = b->CARDS[a][--b->LEN[a]];                                                           \
        b->HASH[a] ^= Z[b->LEN[a]][c];                                                              \
        return c;                                                                                   \
    }                                                                                               \
    __attribute__((unused)) static inline void col_move(BOARD *b, int from, int to, int n) {        \
        int start = b->LEN[from] - n;                                                               \
        for (int q = start; q < start + n; q++) col_push(b, to, b->CARDS[from][q]);                 \
        for (int q = 0; q < n; q++) col_pop(b, from);                                               \
    }

/* A move with its score, to order a frame's moves best first: SCORED_MOVES(Step) defines Scored
 * and by_score (a qsort comparison, the higher score first) for a searcher's move type. */
#define SCORED_MOVES(MOVE)                                                                          \
    typedef struct {                                                                                \
        MOVE m;                                                                                     \
        double score;                                                                               \
    } Scored;                                                                                       \
    static int by_score(const void *x, const void *y) {                                             \
        double a = ((const Scored *)x)->score, b = ((const Scored *)y)->score;                      \
        return a < b ? 1 : a > b ? -1 : 0;                                                          \
    }                                                                                               \
    /* The n scored moves into ms, the best first. */                                               \
    static void order_moves(Scored *sc, MOVE *ms, int n) {                                          \
        qsort(sc, (size_t)n, sizeof(Scored), by_score);                                             \
        for (int q = 0; q < n; q++) ms[q] = sc[q].m;                                                \
    }

#ifdef Py_PYTHON_H
/* A board B read from Python: zeroed, with room for 1024 moves in its trail (`trail`, `tcap`: it
 * grows as the search goes deeper); NULL with MemoryError when there is no memory for it. */
#define NEW_BOARD(B, TYPE, MOVE)                                                                    \
    TYPE *B = calloc(1, sizeof(TYPE));                                                              \
    if (!B) {                                                                                       \
        PyErr_NoMemory();                                                                           \
        return NULL;                                                                                \
    }                                                                                               \
    B->tcap = 1024;                                                                                 \
    B->trail = malloc(sizeof(MOVE) * 1024)

/* The module `_search` of a game's package (paciencia.games.<name>._search): its methods, and
 * SETUP(mod), run once at import (the loop's tables, its constants), 0 on success. */
#define SEARCH_MODULE(METHODS, SETUP)                                                               \
    static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_search", NULL, -1, METHODS, NULL, NULL, NULL, NULL}; \
    PyMODINIT_FUNC PyInit__search(void) {                                                           \
        PyObject *mod = PyModule_Create(&module);                                                   \
        if (mod && SETUP(mod) < 0) Py_CLEAR(mod);                                                   \
        return mod;                                                                                 \
    }

/* Cards (ints 0-51) from a Python sequence of at most `cap` into `out`, their number into `n`;
 * 0 when it is not such a sequence. */
__attribute__((unused)) static int read_cards(PyObject *seq, uint8_t *out, int cap, int *n) {
    Py_ssize_t len = PySequence_Size(seq);
    if (len < 0 || len > cap) return 0;
    for (Py_ssize_t i = 0; i < len; i++) {
        PyObject *x = PySequence_GetItem(seq, i);
        long c = x ? PyLong_AsLong(x) : -1;
        Py_XDECREF(x);
        if (c < 0 || c >= 52) return 0;
        out[i] = (uint8_t)c;
    }
    *n = (int)len;
    return 1;
}

/* Exactly `count` ints from a Python sequence into `out`, each from `low` to `high`; 0 otherwise. */
__attribute__((unused)) static int read_ints(PyObject *seq, int *out, int count, int low, int high) {
    if (PySequence_Size(seq) != count) return 0;
    for (int i = 0; i < count; i++) {
        PyObject *x = PySequence_GetItem(seq, i);
        long v = x ? PyLong_AsLong(x) : low - 1L;
        Py_XDECREF(x);
        if (v < low || v > high || PyErr_Occurred()) return 0;
        out[i] = (int)v;
    }
    return 1;
}

/* Frees a board read from Python (and its trail) that is not a position: NULL, with ValueError. */
__attribute__((unused)) static void *not_a_position(void *board, void *trail, const char *message) {
    free(trail);
    free(board);
    PyErr_Clear();
    PyErr_SetString(PyExc_ValueError, message);
    return NULL;
}
#endif

#endif
