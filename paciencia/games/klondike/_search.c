/* The Klondike solver's depth-first search, in C: the model of paciencia/games/klondike/solver.py (read
 * its docstring: the stock as reachable cards, the canonical key with its twin stacks, the safe
 * moves up, and their proofs), at one to two million positions a second.
 *
 * search() runs one depth-first search over make/unmake with a transposition table. Sound mode
 * tries every search move (after the automatic safe moves up, with the two symmetry rules, the
 * twin stacks and the moves already made), so running out of moves proves the position lost.
 * Dive mode orders the moves by an evaluation with random noise and stops after a node budget: it only finds wins.
 * A win comes back as the search moves made, which Python turns into move tokens and replays.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "_search.h"

#define NC 7
#define MAXM 1024
enum { CF = 0, TF = 1, TC = 2, CC = 3, FC = 4, XF = 5 };

static uint64_t ZC[64][128]; /* position in a segment x (card | 64 if face down) */
static uint64_t ZT[64][52];  /* talon index x card */



typedef struct {
    uint8_t kind, a, b, n, flip, oldp, card, autom;
} Step;

/* What key() and run_start() found for a column, kept while the column is the same (its face-down
 * and face-up hashes, length and face-down count: two columns alike in all four differ with the
 * odds of two table keys alike) and, for its share of the key, the same cards of its run are cut
 * (their twins in runs): most moves change one or two columns of seven. */
typedef struct {
    uint64_t hd, hu, cuts, x, y, run; /* run: the cards of its ordered end run, as bits */
    int len, down, start, keyed;      /* keyed: x, y are its share of the key for `cuts` */
} ColCache;

typedef struct {
    uint8_t col[NC][64];
    int len[NC], down[NC];
    uint8_t tal[52];
    int n, p;
    int found[4];
    int draw;
    uint64_t th, hd[NC]; /* hashes of the talon (when th_ok) and of each column's face-down cards */
    int th_ok;
    uint64_t tb; /* the talon's cards, as bits */
    uint64_t hu[NC];     /* each column's face-up cards (ZC at their index in the column), kept up to date */
    ColCache cache[NC][2]; /* the column's last two states (a move and its sibling often differ in one) */
    int older[NC];         /* which of the two to replace */
    Step *trail;
    int nt, tcap;
} KB;

/* Cards put on or taken off a column's end (face up: hu[a] hashes them). */
COLUMN_OPS(KB, col, len, hu, ZC)

/* solver.py, _safe (the proof is there). */
static int safe(const KB *b, int c) {
    int s = suit(c), r = b->found[s];
    return r < 2 || (b->found[OPP1[s]] >= r && b->found[OPP2[s]] >= r && b->found[SAME[s]] >= r - 1);
}

static void hash_talon(KB *b) {
    uint64_t h = 0;
    for (int i = 0; i < b->n; i++) h ^= ZT[i][b->tal[i]];
    b->th = h;
    b->th_ok = 1;
}

static void push(KB *b, Step st) { TRAIL_PUSH(b, st); }

/* A face-down end turned up, or back. */
static int flip_end(KB *b, int a) {
    if (b->len[a] && b->down[a] == b->len[a]) {
        b->down[a]--;
        b->hd[a] ^= ZC[b->down[a]][b->col[a][b->down[a]] | 64];
        b->hu[a] ^= ZC[b->down[a]][b->col[a][b->down[a]]];
        return 1;
    }
    return 0;
}

static void unflip_end(KB *b, int a) {
    b->hd[a] ^= ZC[b->down[a]][b->col[a][b->down[a]] | 64];
    b->hu[a] ^= ZC[b->down[a]][b->col[a][b->down[a]]];
    b->down[a]++;
}

static void take_tal(KB *b, int i) {
    b->tb ^= 1ULL << b->tal[i];
    memmove(b->tal + i, b->tal + i + 1, (size_t)(b->n - i - 1));
    b->n--;
    b->p = i;
    b->th_ok = 0; /* hashed again when a key needs it */
}

static void put_tal(KB *b, int i, int c, int oldp) {
    memmove(b->tal + i + 1, b->tal + i, (size_t)(b->n - i));
    b->tal[i] = (uint8_t)c;
    b->tb ^= 1ULL << c;
    b->n++;
    b->p = oldp;
    b->th_ok = 0;
}

static void make(KB *b, Step st) {
    if (st.kind == XF) { /* two steps on the trail: the stack to the twin, then the card up */
        make(b, (Step){CC, st.a, st.b, st.n, 0, 0, 0, 0});
        make(b, (Step){CF, st.a, 0, 1, 0, 0, 0, 0});
        return;
    }
    switch (st.kind) {
    case CF: {
        int c = col_pop(b, st.a);
        b->found[suit(c)]++;
        st.card = (uint8_t)c;
        st.flip = (uint8_t)flip_end(b, st.a);
        break;
    }
    case TF: {
        int c = b->tal[st.a];
        st.card = (uint8_t)c;
        st.oldp = (uint8_t)b->p;
        take_tal(b, st.a);
        b->found[suit(c)]++;
        break;
    }
    case TC: {
        int c = b->tal[st.a];
        st.card = (uint8_t)c;
        st.oldp = (uint8_t)b->p;
        take_tal(b, st.a);
        col_push(b, st.b, c);
        break;
    }
    case CC:
        st.card = b->col[st.a][b->len[st.a] - st.n];
        col_move(b, st.a, st.b, st.n);
        st.flip = (uint8_t)flip_end(b, st.a);
        break;
    default: { /* FC */
        int c = st.a * 13 + b->found[st.a] - 1;
        st.card = (uint8_t)c;
        b->found[st.a]--;
        col_push(b, st.b, c);
    }
    }
    push(b, st);
}

static void unmake(KB *b) {
    Step st = b->trail[--b->nt];
    switch (st.kind) {
    case CF:
        if (st.flip) unflip_end(b, st.a);
        b->found[suit(st.card)]--;
        col_push(b, st.a, st.card);
        break;
    case TF:
        b->found[suit(st.card)]--;
        put_tal(b, st.a, st.card, st.oldp);
        break;
    case TC:
        col_pop(b, st.b);
        put_tal(b, st.a, st.card, st.oldp);
        break;
    case CC:
        if (st.flip) unflip_end(b, st.a);
        col_move(b, st.b, st.a, st.n);
        break;
    default:
        col_pop(b, st.b);
        b->found[st.a]++;
    }
}

/* The talon indexes that draws and recycles bring to the waste top (solver.py, _reach_table). */
static int reach(const KB *b, int *out) {
    /* The pointer's path: from p by draws to the end, then from 0 around again (each index once,
     * in the order the draws bring them). */
    int k = 0, n = b->n, p = b->p, d = b->draw;
    uint64_t seen = 0;
#define REACHED(i)                                                                                  \
    if (!(seen >> (i) & 1)) {                                                                       \
        seen |= 1ULL << (i);                                                                        \
        out[k++] = (i);                                                                             \
    }
    if (!n) return 0;
    if (p) REACHED(p - 1);
    if (p < n) {
        for (int q = p + d; q < n; q += d) REACHED(q - 1);
        REACHED(n - 1);
    }
    for (int q = d; q < n; q += d) REACHED(q - 1);
#undef REACHED
    return k;
}

/* The safe moves up, until none applies: column ends, and in draw one every stock card (all of
 * them are reachable whatever the order). With `open_only`, only the column ends that turn
 * nothing up (the hindsight player's listing: a card over a face-down one is the player's to
 * send up, since it shows a card). */
static void autos_of(KB *b, int open_only) {
    for (int again = 1; again;) {
        again = 0;
        for (int a = 0; a < NC; a++) {
            if (!b->len[a] || (open_only && b->len[a] - 1 == b->down[a] && b->down[a])) continue;
            int c = b->col[a][b->len[a] - 1];
            if (b->found[suit(c)] == rank(c) && safe(b, c)) {
                make(b, (Step){CF, (uint8_t)a, 0, 1, 0, 0, 0, 1});
                again = 1;
            }
        }
        if (open_only || b->draw != 1) continue;
        uint64_t next = 0; /* the cards the foundations take next: most often none in the talon */
        for (int s = 0; s < 4; s++)
            if (b->found[s] < 13) next |= 1ULL << (13 * s + b->found[s]);
        if (b->tb & next)
            for (int i = 0; i < b->n; i++) {
                int c = b->tal[i];
                if (b->found[suit(c)] == rank(c) && safe(b, c)) {
                    make(b, (Step){TF, (uint8_t)i, 0, 1, 0, 0, 0, 1});
                    again = 1;
                    break;
                }
            }
    }
}

static void autos(KB *b) { autos_of(b, 0); }

static int won(const KB *b) { return b->found[0] + b->found[1] + b->found[2] + b->found[3] == 52; }

/* The index where the ordered run at column a's end starts (its length when a is empty). */
static int run_start(const KB *b, int a) {
    int q = b->len[a] - 1;
    if (q < b->down[a]) return b->len[a];
    while (q > b->down[a] && fits(b->col[a][q], b->col[a][q - 1])) q--;
    return q;
}

/* Column a as its cache has it: recomputed (its run's start and cards) when the column changed. */
static inline int col_same(const ColCache *k, const KB *b, int a) {
    return k->hu == b->hu[a] && k->len == b->len[a] && k->down == b->down[a] && k->hd == b->hd[a];
}

static inline ColCache *col_info(KB *b, int a) {
    ColCache *k = &b->cache[a][0];
    if (col_same(k, b, a)) {
        b->older[a] = 1;
        return k;
    }
    k = &b->cache[a][1];
    if (col_same(k, b, a)) {
        b->older[a] = 0;
        return k;
    }
    k = &b->cache[a][b->older[a]];
    b->older[a] ^= 1;
    {
        k->len = b->len[a];
        k->down = b->down[a];
        k->hu = b->hu[a];
        k->hd = b->hd[a];
        k->start = run_start(b, a);
        k->run = 0;
        for (int q = k->start; q < k->len; q++) k->run |= 1ULL << b->col[a][q];
        k->keyed = 0;
    }
    return k;
}

static uint64_t SLOT[26]; /* a segment's tag when it lies on a twin pair, by rank and colour */

/* Each card's bit moved to its twin's (the other suit of its colour: spades and clubs, hearts and
 * diamonds exchanged). */
static inline uint64_t twin_bits(uint64_t u) {
    const uint64_t M = 0x1FFF;
    return (u & M) << 39 | (u >> 39 & M) | (u >> 13 & M) << 26 | (u >> 26 & M) << 13;
}

/* The canonical key (solver.py, "Canonical key" and "Twin stacks"): the columns cut into
 * segments, with `pairs` a segment ending at every card of a column's ordered end run whose twin
 * (same rank, same colour) lies in such a run too; the key sums one hash per segment, so it is
 * the multiset of segments, each tagged with where it lies: at a column's bottom, or on a twin
 * pair (either card of it). Face-down cards hash apart from face-up ones. A column's share of
 * the sums depends only on its cards and which of them are cut, so it is kept in its cache.
 * Fills `start` with each column's run_start. */
static void key(KB *b, int pairs, int *start, uint64_t *k1, uint64_t *k2) {
    uint64_t up = 0, x = 0, y = 0;
    ColCache *cc[NC];
    for (int a = 0; a < NC; a++) {
        cc[a] = col_info(b, a);
        start[a] = cc[a]->start;
        up |= cc[a]->run;
    }
    uint64_t twins = pairs ? twin_bits(up) : 0;
    for (int a = 0; a < NC; a++) {
        ColCache *k = cc[a];
        uint64_t cuts = k->run & twins;
        if (!k->keyed || k->cuts != cuts) {
            uint64_t h = b->hd[a], slot = 0x9E3779B97F4A7C15ULL, sx = 0, sy = 0;
            int off = b->down[a];
            for (int q = b->down[a]; q <= b->len[a]; q++) {
                int c = q < b->len[a] ? b->col[a][q] : -1;
                if (c >= 0) h ^= ZC[off++][c];
                int cut = c >= 0 && (cuts >> c & 1);
                if (c < 0 || cut) {
                    uint64_t seg = mix(h ^ slot ^ (uint64_t)off * 0xD6E8FEB86659FD93ULL);
                    sx += seg;
                    sy += mix(seg ^ 0xA0761D6478BD642FULL);
                    h = 0;
                    off = 0;
                    if (cut) slot = SLOT[rank(c) * 2 + (suit(c) == 1 || suit(c) == 2)];
                }
            }
            k->cuts = cuts;
            k->x = sx;
            k->y = sy;
            k->keyed = 1;
        }
        x += k->x;
        y += k->y;
    }
    uint64_t f = 0;
    for (int s = 0; s < 4; s++) f = f * 16 + (uint64_t)b->found[s];
    /* In draw three the talon too (the pointer is kept apart); in draw one the rest implies it. */
    if (b->draw == 3) {
        if (!b->th_ok) hash_talon(b);
        f ^= mix(b->th ^ (uint64_t)b->n);
    }
    *k1 = x ^ mix(f);
    *k2 = y ^ mix(f ^ 0xE7037ED1A0B428DBULL);
}

static uint64_t KINGBITS, FITBITS[52]; /* the Kings; FITBITS[p]: the cards that may lie on p */

/* Whether every column's end card is face up (as after any move: a face-down end is turned up). */
static inline int every_end_up(const KB *b) {
    for (int a = 0; a < NC; a++)
        if (b->len[a] && b->len[a] == b->down[a]) return 0;
    return 1;
}

/* gen's moves of runs between columns with twin stacks, every column's end face up: part of a
 * run onto a card has the key of the same part onto that card's twin, so only whole runs move
 * (the run's top card onto an end it fits, or a King's run, off a face-down card, to the first
 * empty column); any_runs' moves, found from the cards rather than by trying each pair of
 * columns. Those that turn a card up go to `out` (at *k), the others to `later`; answers their
 * number. The order is any_runs': by column, then by destination. */
static int whole_runs(const KB *b, const int *dup, int empty, const int *start, Step *out, int *k, Step *later) {
    uint8_t onto[52]; /* the destinations (bits) whose end card c may lie on */
    memset(onto, 0, sizeof onto);
    for (int t = 0; t < NC; t++)
        if (b->len[t] && !dup[t])
            for (uint64_t f = FITBITS[b->col[t][b->len[t] - 1]]; f; f &= f - 1)
                onto[__builtin_ctzll(f)] |= (uint8_t)(1 << t);
    int nl = 0;
    for (int a = 0; a < NC; a++) {
        int len = b->len[a], h0 = start[a];
        if (!len || h0 == len) continue;
        int c = b->col[a][h0];
        unsigned to = onto[c] & ~(1u << a);
        if (empty >= 0 && rank(c) == 12 && h0 > 0) to |= 1u << empty;
        for (; to; to &= to - 1) {
            Step m = {CC, (uint8_t)a, (uint8_t)__builtin_ctz(to), (uint8_t)(len - h0), 0, 0, 0, 0};
            if (h0 == b->down[a] && h0 > 0) out[(*k)++] = m;
            else later[nl++] = m;
        }
    }
    return nl;
}

/* gen's moves of runs between columns (a whole run or part of one), as whole_runs answers them. */
static int any_runs(const KB *b, int pairs, const int *dup, int empty, const int *start, Step *out, int *k,
                    Step *later) {
    int nl = 0;
    for (int a = 0; a < NC; a++) {
        int len = b->len[a];
        if (!len) continue;
        int h0 = start[a];
        if (h0 == len) continue;
        int top = rank(b->col[a][h0]);
        for (int t = 0; t < NC; t++) {
            if (t == a || dup[t]) continue;
            int h = -1;
            if (b->len[t]) { /* the run's card one rank below t's end card, if the run has it */
                int e = b->col[t][b->len[t] - 1];
                h = h0 + top - (rank(e) - 1);
                if (!(rank(e) > 0 && h >= h0 && h < len && fits(b->col[a][h], e))) h = -1;
            } else if (t == empty && top == 12 && h0 > 0) {
                h = h0;
            }
            /* Part of a run, taken off the twin of t's end: the same key with twin stacks. */
            if (h < 0 || (pairs && h > h0 && b->len[t] > b->down[t])) continue;
            Step m = {CC, (uint8_t)a, (uint8_t)t, (uint8_t)(len - h), 0, 0, 0, 0};
            if (h == h0 && h0 == b->down[a] && h0 > 0) out[(*k)++] = m;
            else later[nl++] = m;
        }
    }
    return nl;
}

/* Every search move. Symmetry (solver.py, "Sound reductions"): a King at a column's bottom
 * never moves to an empty column, and of several empty columns only the first is a target. With
 * `pairs`, also the move XF: the stack on a card that its foundation takes next goes onto the
 * card's twin lying at a column's end, and the card goes up (solver.py, "Twin stacks"). */
/* `start`: each column's run_start. */
static int gen(const KB *b, int pairs, int autos_on, int deep_first, const int *start, Step *out) {
    int k = 0, empty = -1;
    /* end_of[c]: the column whose face-up end card is c, or -1. With twin stacks, a card put on
     * one twin gives the key of the same card put on the other: of two twins both at column ends
     * only the first column is a destination (dup). */
    int dup[NC] = {0}, end_of[52];
    if (pairs) {
        memset(end_of, -1, sizeof end_of);
        for (int a = 0; a < NC; a++)
            if (b->len[a] > b->down[a]) end_of[b->col[a][b->len[a] - 1]] = a;
        for (int a = 0; a < NC; a++)
            if (b->len[a] > b->down[a]) {
                int e = b->col[a][b->len[a] - 1], twin = end_of[SAME[suit(e)] * 13 + rank(e)];
                dup[a] = twin >= 0 && twin < a;
            }
    }
    for (int a = 0; a < NC; a++)
        if (!b->len[a]) {
            empty = a;
            break;
        }
    for (int a = 0; a < NC; a++) {
        if (!b->len[a]) continue;
        int c = b->col[a][b->len[a] - 1];
        if (b->found[suit(c)] == rank(c)) out[k++] = (Step){CF, (uint8_t)a, 0, 1, 0, 0, 0, 0};
    }
    if (pairs) {
        for (int a = 0; a < NC; a++)
            for (int q = start[a]; q < b->len[a] - 1; q++) {
                int x = b->col[a][q], t = end_of[SAME[suit(x)] * 13 + rank(x)];
                if (b->found[suit(x)] == rank(x) && t >= 0)
                    out[k++] = (Step){XF, (uint8_t)a, (uint8_t)t, (uint8_t)(b->len[a] - 1 - q), 0, 0, 0, 0};
            }
    }
    /* Moves that turn a card up come first (the order is only for finding wins sooner). */
    Step later[MAXM];
    int nl = 0;
    if (pairs && every_end_up(b)) nl = whole_runs(b, dup, empty, start, out, &k, later);
    else nl = any_runs(b, pairs, dup, empty, start, out, &k, later);
    int r[128];
    int nr = reach(b, r);
    if (deep_first && b->draw == 3) {
        /* The sound search takes the stock's cards deepest in the talon first. A position met
         * again with a pointer that a pointer it was entered with dominates is cut; met first with
         * the weaker one, it is searched twice. In this order the hard deals enter 5-10% fewer
         * positions (measured: docs/solvers.md); dives keep the pointer's order. */
        uint64_t m = 0;
        for (int q = 0; q < nr; q++) m |= 1ULL << r[q];
        for (nr = 0; m; nr++) {
            r[nr] = 63 - __builtin_clzll(m);
            m ^= 1ULL << r[nr];
        }
    }
    uint64_t lands = 0; /* the cards that some destination takes: the columns are tried only for them */
    for (int t = 0; t < NC; t++)
        if (!dup[t]) lands |= b->len[t] ? FITBITS[b->col[t][b->len[t] - 1]] : t == empty ? KINGBITS : 0;
    for (int q = 0; q < nr; q++) {
        int i = r[q], c = b->tal[i];
        if (b->found[suit(c)] == rank(c)) out[k++] = (Step){TF, (uint8_t)i, 0, 1, 0, 0, 0, 0};
        if (!(lands >> c & 1)) continue;
        for (int t = 0; t < NC; t++) {
            if (dup[t]) continue;
            if (b->len[t] ? fits(c, b->col[t][b->len[t] - 1]) : (t == empty && rank(c) == 12))
                out[k++] = (Step){TC, (uint8_t)i, (uint8_t)t, 1, 0, 0, 0, 0};
        }
    }
    memcpy(out + k, later, sizeof(Step) * (size_t)nl);
    k += nl;
    for (int s = 0; s < 4; s++) {
        if (!b->found[s]) continue;
        int c = s * 13 + b->found[s] - 1, back;
        /* A card that the automatic moves would send straight back up (safe once it is down) leads
         * back to this position: not a move. */
        KB *own = (KB *)b;
        own->found[s]--;
        back = autos_on && safe(b, c);
        own->found[s]++;
        if (back) continue;
        for (int t = 0; t < NC; t++)
            if (!dup[t] && (b->len[t] ? fits(c, b->col[t][b->len[t] - 1]) : (t == empty && rank(c) == 12)))
                out[k++] = (Step){FC, (uint8_t)s, (uint8_t)t, 1, 0, 0, 0, 0};
    }
    return k;
}


/* solver.py, "The static test" (the rules and their proof are there): whether some card can never
 * go up, by a least fixed point over sets of cards held as bits (bit c for card c). */
#define ALL52 ((1ULL << 52) - 1)

static int hopeless(const KB *b) {
    uint64_t colmask = 0, faceup = 0, firsts = 0, bare = 0, colbits[NC] = {0}, below[52]; /* below: read for column cards only */
    int empty_now = 0;
    for (int a = 0; a < NC; a++) {
        if (!b->len[a]) {
            empty_now = 1;
            continue;
        }
        uint64_t m = 0, under = 0;
        for (int q = 0; q < b->len[a]; q++) {
            int x = b->col[a][q];
            uint64_t bit = 1ULL << x;
            if (q >= b->down[a]) faceup |= bit;
            below[x] = under;
            under = bit;
            m |= bit;
        }
        colbits[a] = m;
        colmask |= m;
        firsts |= 1ULL << b->col[a][0];
        bare |= under;
    }
    uint64_t drawn = ALL52, talbits = 0;
    if (b->draw == 3 && b->n) {
        for (int i = 0; i < b->n; i++) talbits |= 1ULL << b->tal[i];
        drawn = ALL52 & ~talbits;
        int r[128], nr = reach(b, r);
        for (int q = 0; q < nr; q++) drawn |= 1ULL << b->tal[r[q]];
    }
    uint64_t outside = ALL52 & ~colmask, rank_ok = 0;
    for (int s = 0; s < 4; s++) {
        int r = b->found[s] > 0 ? b->found[s] - 1 : 0;
        rank_ok |= ((uint64_t)(0x1FFF >> r << r)) << (13 * s);
    }
    /* The talon by index (bit i for b->tal[i]): its played cards, and the drawn ones found so far. */
    uint64_t free_ = 0, lands = 0, played = 0, played_at = 0, drawn_at = 0, upmask = 0;
    int8_t at[52];
    for (int i = 0; i < b->n; i++) at[b->tal[i]] = (int8_t)i;
    for (int s = 0; s < 4; s++) upmask |= ((1ULL << b->found[s]) - 1) << (13 * s); /* the cards up, each suit's */
    for (;;) {
        if (talbits) {
            /* Every card after the first played one, and the card before each played one. */
            uint64_t now_ = (lands | upmask) & talbits;
            if (now_ != played) {
                for (uint64_t fresh = now_ & ~played; fresh; fresh &= fresh - 1) played_at |= 1ULL << at[__builtin_ctzll(fresh)];
                played = now_;
                uint64_t d = (~((played_at & -played_at) * 2 - 1) | played_at >> 1) & ((1ULL << b->n) - 1) & ~drawn_at;
                drawn_at |= d;
                for (; d; d &= d - 1) drawn |= 1ULL << b->tal[__builtin_ctzll(d)];
            }
        }
        uint64_t avail = (bare & colmask) | (lands & outside);
        uint64_t black = (avail | avail >> 39) & 0x1FFF, redb = (avail >> 13 | avail >> 26) & 0x1FFF;
        uint64_t child = redb >> 1 | (black >> 1) << 13 | (black >> 1) << 26 | (redb >> 1) << 39;
        uint64_t ff = free_ & firsts, kings_free = 0;
        int any_empty = 0;
        if (empty_now || (ff & (ff - 1))) { /* two or more */
            kings_free = KINGBITS;
            any_empty = 1;
        } else if (ff) {
            uint64_t own = 0;
            for (int a = 0; a < NC; a++)
                if (colbits[a] & ff) {
                    own = colbits[a];
                    break;
                }
            kings_free = KINGBITS & ~own;
            any_empty = 1;
        }
        uint64_t new_lands =
            lands | (drawn & (rank_ok | ((lands >> 1) & ~KINGBITS)) & (child | (any_empty ? KINGBITS : 0)));
        uint64_t ok = colmask & (upmask | child | kings_free);
        uint64_t new_free = free_, new_bare = bare;
        for (;;) {
            uint64_t diff = (faceup | new_bare) & ok & ~new_free;
            if (!diff) break;
            new_free |= diff;
            while (diff) {
                int low = __builtin_ctzll(diff);
                new_bare |= below[low];
                diff &= diff - 1;
            }
        }
        /* Each suit's height grows by the run of upable cards from it: in each suit's 13 bits, the
         * run of ones from the bottom of the cards up or upable (v & ~(v + 1)), all four at once. */
        uint64_t up = new_bare | (drawn & outside) | upmask, grown = 0;
        for (int s = 0; s < 4; s++) {
            uint64_t v = up >> (13 * s) & 0x1FFF;
            grown |= (v & ~(v + 1)) << (13 * s);
        }
        int grew = grown != upmask;
        upmask = grown;
        if (upmask == ALL52) return 0; /* every card goes up: no more to learn */
        if (!grew && new_lands == lands && new_free == free_ && new_bare == bare) return 1;
        lands = new_lands;
        free_ = new_free;
        bare = new_bare;
    }
}

static int fdn(const KB *b) {
    int d = 0;
    for (int a = 0; a < NC; a++) d += b->down[a];
    return d << 6 | b->n;
}

/* Higher is better: cards up, face-down cards few, and few cards lying above a lower card of
 * their own suit (each must move before that one can go up): minus an estimate of the moves
 * left, as the best-first search of session 1 had it. */
static int evaluate(const KB *b) {
    int e = 0;
    for (int s = 0; s < 4; s++) e += 10 * b->found[s];
    for (int a = 0; a < NC; a++) {
        e -= 10 * b->down[a];
        int low[4] = {13, 13, 13, 13};
        for (int q = 0; q < b->len[a]; q++) {
            int c = b->col[a][q], s = suit(c), r = rank(c);
            if (r > low[s]) e -= 10;
            else low[s] = r;
        }
    }
    return e;
}

/* -- the waste pointer in the transposition table ------------------------------------------- */

/* The pointer as the table keeps it: 0 when it reaches what 0 reaches (the end, a multiple of
 * three, and always in draw one). ABOVE[p]: the pointers whose position reaches every card that
 * p reaches (p, p - 3, p - 6, ...; every pointer for 0), so that a node is not entered when its
 * position was entered with one of them (solver.py, "Canonical key"). */
static uint64_t ABOVE[53];

static int norm_pointer(const KB *b) {
    if (b->draw == 1 || b->p == b->n || b->p % 3 == 0) return 0;
    return b->p;
}

/* -- the search ---------------------------------------------------------------------------------- */

#define SURE 16
#define SOUND_ALL 15
typedef struct {
    int dive, shortcuts; /* 1 the safe moves up, 2 the static test, 4 twin stacks, 8 moves already made (15: all, sound);
                          * SURE: a position with every column card up and at most one in the talon is won */
    long budget;
    double deadline, noise;
    uint64_t rng;
    struct Memo *memo; /* the hindsight samples' (NULL elsewhere) */
} Options;

/* -- what a position gives, kept across the hindsight samples ------------------------------------
 *
 * The samples of one layout search the positions after each commitment, and they meet the same
 * positions again and again (about two thirds of the positions a hindsight call enters were
 * entered before, in another sample): their key, static test and moves are worked out once. A
 * position is named by the exact cards it holds (each column's face-down and face-up hashes, the
 * talon's hash, its size, the pointer, the foundations: two positions alike in all of these
 * differ with the odds of two table keys alike); what is kept depends on the position alone, so
 * the search meets every node as without it, in the same order (bench/hop_identity.py checks it
 * on real positions). A slot is overwritten by the next position that falls there. */
#define MEMO_SLOTS (1 << 14)
#define MEMO_MOVES 40 /* moves kept with a position (one with more works its own out) */
typedef struct {
    uint64_t x, y, k1, k2;
    int8_t start[NC], hopeless; /* hopeless: -1 not known yet */
    int8_t n;                   /* its moves (in the memo's `moves`), or -1 when not kept */
} MemoEntry;

static uint64_t MEMO_ODD[2][2 + 2 * NC]; /* odd multipliers, made at the start */

/* The slots apart from their moves: a probe reads one cache line of 768 KB, which mostly stay in
 * the caches; a call's memo is its own (calls run at once in threads). */
typedef struct Memo {
    MemoEntry e[MEMO_SLOTS];
    Step moves[MEMO_SLOTS][MEMO_MOVES];
} Memo;

/* The position's slot, and whether it holds the position already (else it is made its, empty). */
static MemoEntry *memo_find(Memo *m, KB *b, int *hit) {
    if (!b->th_ok) hash_talon(b);
    /* Two sums of the hashes, each times its own odd numbers (independent products, not a chain:
     * most of a probe's cost was the chain of mixes waiting on each other). */
    uint64_t f = (uint64_t)b->found[0] << 24 | (uint64_t)b->found[1] << 16 | (uint64_t)b->found[2] << 8 |
                 (uint64_t)b->found[3] | (uint64_t)b->n << 32 | (uint64_t)b->p << 40;
    uint64_t x = b->th * MEMO_ODD[0][0] + f * MEMO_ODD[0][1], y = b->th * MEMO_ODD[1][0] + f * MEMO_ODD[1][1];
    for (int a = 0; a < NC; a++) {
        x += b->hd[a] * MEMO_ODD[0][2 + a] + b->hu[a] * MEMO_ODD[0][2 + NC + a];
        y += b->hd[a] * MEMO_ODD[1][2 + a] + b->hu[a] * MEMO_ODD[1][2 + NC + a];
    }
    x = mix(x);
    y = mix(y);
    MemoEntry *e = &m->e[x & (MEMO_SLOTS - 1)];
    *hit = e->x == x && e->y == y;
    if (!*hit) {
        e->x = x;
        e->y = y;
        e->hopeless = -1;
        e->n = -1;
    }
    return e;
}


SCORED_MOVES(Step)

/* -- moves already made (solver.py, "Moves already made") -------------------------------------- */

static inline int twin_of(int c) { return SAME[suit(c)] * 13 + rank(c); }

/* A plain move onto a face-up column end: a column's run (CC) or a stock card (TC), its
 * destination holding a face-up card under the last n_under cards. */
static inline int plain_onto(const KB *b, Step m, int n_under) {
    return (m.kind == CC || m.kind == TC) && b->len[m.b] > n_under && b->len[m.b] - n_under - 1 >= b->down[m.b];
}

/* The moves of the parent's frame made before x whose positions were entered (MADE in their
 * frame copy): per column pair 7 a + b the count of a run moved (0: none), per destination
 * column the stock cards put there (bits). */
#define MADE 2
typedef struct {
    uint8_t cc[NC * NC];
    uint64_t tc[NC];
} Made;

static void made_before(const KB *b, const Step *xs, int xi, Step x, Made *m) {
    memset(m, 0, sizeof *m);
    int cx = x.kind == TC ? b->col[x.b][b->len[x.b] - 1] : -1;
    for (int q = 0; q < xi; q++) {
        Step s = xs[q];
        if (s.autom != MADE) continue;
        if (s.kind == CC) m->cc[NC * s.a + s.b] = s.n;
        else if (s.kind == TC) { /* the card at index s.a of the parent's talon */
            int i = s.a, c = cx < 0 || i < x.a ? b->tal[i] : i == x.a ? cx : b->tal[i - 1];
            m->tc[s.b] |= 1ULL << c;
        }
    }
}

/* Whether the search move z of this position, reached by the plain move x (nothing sent up
 * after it) from its parent X, leads to a position that the parent's frame has already entered
 * or cut: z was made from X before x and its position entered, z and x commute at X, and x is a
 * search move after z, so that the position after z then x, the one z leads to from here, was
 * reached from there (solver.py gives the proof). */
static int made_already(const KB *b, Step x, Step z, const Made *m) {
    if (!plain_onto(b, z, 0)) return 0;
    int ex = b->col[x.b][b->len[x.b] - x.n - 1], tx = twin_of(ex);
    if (z.kind == TC) {
        int c = b->tal[z.a];
        if ((x.kind == TC && b->draw != 1) || z.b == x.b || (x.kind == CC && z.b == x.a)) return 0;
        if (!(m->tc[z.b] >> c & 1) || (b->found[suit(c)] == rank(c) && safe(b, c)) || c == tx) return 0;
        return 1;
    }
    if (z.a == x.b || z.b == x.b || (x.kind == CC && (z.a == x.a || z.b == x.a))) return 0;
    if (m->cc[NC * z.a + z.b] != z.n) return 0;
    int under = b->len[z.a] - z.n - 1; /* the card z uncovers, if any: not sent up, not x's twin destination */
    if (under >= 0) {
        int u = b->col[z.a][under];
        if ((b->found[suit(u)] == rank(u) && safe(b, u)) || u == tx) return 0;
    }
    return b->col[z.a][b->len[z.a] - 1] != tx; /* z's last card, its destination's end after it */
}

/* Enters the position after a move: the safe moves up, then a win (1), a cut (0), a new frame
 * (0), or a full table (-1). */
static int enter(KB *b, Table *t, Stack *st, Options *o) {
    if (o->shortcuts & 1) autos(b);
    if (won(b)) return 1;
    /* Every column card face up and at most one in the talon: each column is one ordered run, so
     * the lowest card not up lies at a column's end or is the talon's one card; a win. */
    if (o->shortcuts & SURE && b->n <= 1 && !(fdn(b) >> 6)) return 1;
    uint64_t k1, k2;
    int pairs = o->shortcuts >> 2 & 1;
    int start[NC], hit = 0;
    MemoEntry *me = o->memo ? memo_find(o->memo, b, &hit) : NULL;
    if (hit) {
        k1 = me->k1;
        k2 = me->k2;
        for (int a = 0; a < NC; a++) start[a] = me->start[a];
    } else {
        key(b, pairs, start, &k1, &k2);
        if (me) {
            me->k1 = k1;
            me->k2 = k2;
            for (int a = 0; a < NC; a++) me->start[a] = (int8_t)start[a];
        }
    }
    int pt = norm_pointer(b), added = table_enter(t, k1, k2, pt, ABOVE[pt]);
    if (added <= 0) return added;
    /* The static test again where a card was turned up or the stock changed (solver.py, "Sound reductions"). */
    int fd = fdn(b);
    if (o->shortcuts & 2 && (!st->nf || st->frames[st->nf - 1].tag != fd)) {
        int h = me && me->hopeless >= 0 ? me->hopeless : hopeless(b);
        if (me) me->hopeless = (int8_t)h;
        if (h) return 0;
    }
    Step ms[MAXM];
    int n, mark = b->nt;
    if (me && me->n >= 0) {
        n = me->n;
        memcpy(ms, o->memo->moves[me - o->memo->e], sizeof(Step) * (size_t)n);
    } else {
        n = gen(b, pairs, o->shortcuts & 1, !o->dive, start, ms);
        if (me && n <= MEMO_MOVES) {
            me->n = (int8_t)n;
            memcpy(o->memo->moves[me - o->memo->e], ms, sizeof(Step) * (size_t)n);
        }
    }
    if (st->nf) {
        Frame *f = &st->frames[st->nf - 1];
        Step *xs = (Step *)(void *)st->moves + f->off, x = xs[f->i - 1];
        if (o->shortcuts & 8 && b->nt == f->mark + 1 && x.kind == FC) {
            /* A card just taken down, sent back up: the parent's position. */
            int kept = 0;
            for (int q = 0; q < n; q++)
                if (!(ms[q].kind == CF && ms[q].a == x.b)) ms[kept++] = ms[q];
            n = kept;
        }
        if (o->shortcuts & 8 && b->nt == f->mark + 1 && plain_onto(b, x, x.n)) {
            Made made;
            made_before(b, xs, f->i - 1, x, &made);
            int kept = 0;
            for (int q = 0; q < n; q++)
                if (!made_already(b, x, ms[q], &made)) ms[kept++] = ms[q];
            n = kept;
        }
        xs[f->i - 1].autom = MADE; /* this position is entered: its frame is pushed below */
    }
    if (o->dive && n > 1) {
        Scored sc[MAXM];
        for (int q = 0; q < n; q++) {
            make(b, ms[q]);
            double e = evaluate(b);
            while (b->nt > mark) unmake(b);
            if (ms[q].kind == FC) e -= 30; /* a card taken down: rarely what a win needs */
            if (o->noise > 0) e += o->noise * next_unit(&o->rng);
            sc[q] = (Scored){ms[q], e};
        }
        order_moves(sc, ms, n);
    }
    push_frame(st, ms, n, mark, fd);
    return 0;
}

#define SEARCH_BOARD KB
#define SEARCH_MOVE Step
#define SEARCH_OPTIONS Options
#define SEARCH_TRAIL_STEPS
#include "_search_run.h"

/* The hashes and bits kept with the cards, made afresh (a board read, or its cards changed). */
static void rehash(KB *b) {
    hash_talon(b);
    b->tb = 0;
    for (int i = 0; i < b->n; i++) b->tb |= 1ULL << b->tal[i];
    for (int a = 0; a < NC; a++) {
        b->hd[a] = b->hu[a] = 0;
        for (int q = 0; q < b->len[a]; q++) {
            if (q < b->down[a]) b->hd[a] ^= ZC[q][b->col[a][q] | 64];
            else b->hu[a] ^= ZC[q][b->col[a][q]];
        }
        b->cache[a][0].len = b->cache[a][1].len = -1; /* nothing kept yet */
    }
}

/* A position from Python: columns bottom to top with their face-down counts, the talon (waste
 * bottom to top, then the stock in drawing order), the pointer (the waste's size), the
 * foundations' counts, the draw. NULL with ValueError when it is not one. */
static KB *board_from(PyObject *cols, PyObject *down, PyObject *tal, int p, PyObject *found, int draw) {
    NEW_BOARD(b, KB, Step);
    b->draw = draw;
    int ok = b->trail && (draw == 1 || draw == 3) && PySequence_Size(cols) == NC && PySequence_Size(down) == NC &&
             read_cards(tal, b->tal, 52, &b->n) && p >= 0 && p <= b->n;
    b->p = p;
    for (int a = 0; ok && a < NC; a++) {
        PyObject *c = PySequence_GetItem(cols, a), *d = PySequence_GetItem(down, a);
        ok = c && d && read_cards(c, b->col[a], 52, &b->len[a]);
        b->down[a] = d ? (int)PyLong_AsLong(d) : -1;
        ok = ok && b->down[a] >= 0 && b->down[a] <= b->len[a];
        Py_XDECREF(c);
        Py_XDECREF(d);
    }
    ok = ok && read_ints(found, b->found, 4, 0, 13);
    if (!ok) return not_a_position(b, b->trail, "not a Klondike position for the search");
    rehash(b);
    return b;
}

/* hopeless(cols, down, talon, pointer, found, draw) -> bool: the static test alone. */
static PyObject *py_hopeless(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *cols, *down, *tal, *found;
    int p, draw;
    if (!PyArg_ParseTuple(args, "OOOiOi", &cols, &down, &tal, &p, &found, &draw)) return NULL;
    KB *b = board_from(cols, down, tal, p, found, draw);
    if (!b) return NULL;
    int h = hopeless(b);
    free(b->trail);
    free(b);
    return PyBool_FromLong(h);
}

/* key(cols, down, talon, pointer, found, draw, pairs) -> (k1, k2): the table's key, for tests. */
static PyObject *py_key(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *cols, *down, *tal, *found;
    int p, draw, pairs;
    if (!PyArg_ParseTuple(args, "OOOiOip", &cols, &down, &tal, &p, &found, &draw, &pairs)) return NULL;
    KB *b = board_from(cols, down, tal, p, found, draw);
    if (!b) return NULL;
    uint64_t k1, k2;
    int start[NC];
    key(b, pairs, start, &k1, &k2);
    free(b->trail);
    free(b);
    return Py_BuildValue("KK", (unsigned long long)k1, (unsigned long long)k2);
}

/* search(cols, down, talon, pointer, found, draw, dive, budget, seconds, noise, seed, shortcuts)
 *   -> (status, steps, nodes); steps as (kind, a, b, n, card) for a win. */
static PyObject *search(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *cols, *down, *tal, *found;
    int p, draw, dive, shortcuts;
    long budget;
    double seconds, noise;
    unsigned long long seed;
    if (!PyArg_ParseTuple(args, "OOOiOiilddKi", &cols, &down, &tal, &p, &found, &draw, &dive, &budget, &seconds,
                          &noise, &seed, &shortcuts))
        return NULL;
    KB *b = board_from(cols, down, tal, p, found, draw);
    if (!b) return NULL;
    Options o = {dive, shortcuts, budget, deadline_in(seconds), noise, (uint64_t)seed, NULL};
    return run_for_python(b, &o, table_start(budget, (size_t)1 << 16));
}

/* -- hindsight over commitments (the strong autoplayer's player: paciencia/games/klondike/hop.py) -- */

/* A commitment: moves that one move undoes (a run's part moved off a face-up card, a card sent
 * up off a face-up card or taken down), then one that none undoes (a card turned up, a column
 * emptied, a talon card played). */
#define HOP_PATH 48
#define COMMITS_MAX 256
typedef struct {
    Step path[HOP_PATH];
    int np;
    uint64_t k1, k2; /* the position after it */
    long wins, played;
} Commit;

static int undone_by_one(const KB *b, Step m) {
    if (m.kind == CC) return b->len[m.a] - m.n > b->down[m.a];
    if (m.kind == CF) return b->len[m.a] - 1 > b->down[m.a];
    return m.kind == FC;
}

typedef struct {
    Commit *c;
    int nc;
    Table seen;
    long visits;
    const uint64_t *hidden_tal; /* talon indexes whose card the player has not seen: never played */
} Listing;

/* Every commitment from here: the moves so far are b's trail. */
static void list_commits(KB *b, Listing *l) {
    int mark = b->nt;
    autos_of(b, 1);
    int start[NC];
    uint64_t k1, k2;
    key(b, 0, start, &k1, &k2);
    if (++l->visits > 4096 || won(b) ||
        table_enter(&l->seen, k1, k2, norm_pointer(b), ABOVE[norm_pointer(b)]) <= 0) {
        while (b->nt > mark) unmake(b);
        return;
    }
    Step ms[MAXM];
    int n = gen(b, 0, 1, 0, start, ms);
    for (int q = 0; q < n; q++) {
        Step m = ms[q];
        if ((m.kind == TC || m.kind == TF) && (*l->hidden_tal >> m.a & 1)) continue;
        int rev = undone_by_one(b, m), at = b->nt;
        make(b, m);
        if (rev) {
            if (b->nt + 8 < HOP_PATH) list_commits(b, l);
        } else if (l->nc < COMMITS_MAX && b->nt <= HOP_PATH) {
            int s2[NC];
            key(b, 0, s2, &k1, &k2);
            int dup = 0;
            for (int i = 0; i < l->nc && !dup; i++) dup = l->c[i].k1 == k1 && l->c[i].k2 == k2;
            if (!dup) {
                Commit *c = &l->c[l->nc++];
                memcpy(c->path, b->trail, sizeof(Step) * (size_t)b->nt); /* with their cards */
                c->np = b->nt;
                c->k1 = k1;
                c->k2 = k2;
                c->wins = c->played = 0;
            }
        }
        while (b->nt > at) unmake(b);
    }
    while (b->nt > mark) unmake(b);
}

/* The unseen cards dealt afresh among their places (`slots`: column, index pairs, column 7 for
 * the talon): `cards` gets one card per slot, a uniform shuffle of those the root has there. */
static void layout(const KB *root, const int *slots, int ns, uint64_t *rng, uint8_t *cards) {
    for (int i = 0; i < ns; i++) {
        int a = slots[2 * i], q = slots[2 * i + 1];
        cards[i] = a == NC ? root->tal[q] : root->col[a][q];
    }
    for (int i = ns - 1; i > 0; i--) {
        int j = (int)(next_rand(rng) % (uint64_t)(i + 1));
        uint8_t t = cards[i];
        cards[i] = cards[j];
        cards[j] = t;
    }
}

/* One hindsight sample: the root with `cards` in its unseen places, the commitment made, and a
 * sound search on a budget of `limit` positions with the sure win: 1 when it finds a win. */
static int sample(const KB *root, KB *w, const Commit *c, const int *slots, int ns, const uint8_t *cards, long limit,
                  Memo *memo, long *nodes) {
    Step *trail = w->trail;
    int tcap = w->tcap;
    *w = *root;
    w->trail = trail;
    w->tcap = tcap;
    w->nt = 0;
    for (int i = 0; i < ns; i++) {
        int a = slots[2 * i], q = slots[2 * i + 1];
        if (a == NC) w->tal[q] = cards[i];
        else w->col[a][q] = cards[i];
    }
    rehash(w);
    for (int q = 0; q < c->np; q++) make(w, c->path[q]);
    Options o = {0, SOUND_ALL | SURE, limit, NO_DEADLINE, 0.0, 0, memo};
    /* A small table first (it grows when needed): most samples enter a few dozen positions, and a
     * table of the budget's size costs more to clear than the search. */
    return run(w, &o, nodes, 512) == WON;
}

/* UCB1 (constant `ucb`) picks the commitment for each batch of ten samples until one has played
 * `samples` (lonelybot's allocation); where none has won in `give_up` samples each, it stops. */
static void by_ucb(const KB *b, KB *w, Commit *cs, int nc, const int *slots, int ns, uint64_t *rng, long samples,
                   long limit, long give_up, double ucb, Memo *memo, long *nodes) {
    long total = 0;
    uint8_t cards[64];
    while (nc > 1) {
        int best = 0;
        double top = -1;
        for (int i = 0; i < nc; i++) {
            double v = cs[i].played ? (double)cs[i].wins / (double)cs[i].played +
                                          ucb * sqrt(log((double)total) / (double)cs[i].played)
                                    : HUGE_VAL;
            if (v > top) {
                top = v;
                best = i;
            }
        }
        for (int k = 0; k < 10; k++) {
            layout(b, slots, ns, rng, cards);
            cs[best].wins += sample(b, w, &cs[best], slots, ns, cards, limit, memo, nodes);
        }
        cs[best].played += 10;
        total += 10;
        if (cs[best].played >= samples) return;
        if (total >= give_up * nc) {
            long any = 0;
            for (int i = 0; i < nc; i++) any += cs[i].wins;
            if (!any) return;
        }
    }
}

/* A race on common layouts: every commitment still in it is searched on the same layouts, ten
 * at a time; after the first RACE_FIRST, only the RACE_FIELD most winning go on. One is out
 * when the leader (most wins) beats it by more than `z` standard errors of the paired difference
 * (over the layouts where exactly one of the two wins); the race ends when one is left, when the
 * leader and each other differ by less than RACE_CLOSE of the layouts with `z` standard errors,
 * or at `samples` layouts. `played` counts a commitment's layouts (the same for all still in),
 * and an eliminated commitment keeps its count. */
#define RACE_MAX 4096
#define RACE_CLOSE 0.015
#define RACE_FIRST 20 /* layouts before the first comparison */
#define RACE_FIELD 16 /* commitments that go on after it, the most winning */
static void by_race(const KB *b, KB *w, Commit *cs, int nc, const int *slots, int ns, uint64_t *rng, long samples,
                    long limit, long give_up, double z, Memo *memo, long *nodes) {
    if (samples > RACE_MAX) samples = RACE_MAX;
    uint64_t(*won)[RACE_MAX / 64] = calloc((size_t)nc, sizeof *won);
    uint8_t *in = malloc((size_t)nc), cards[64];
    if (!won || !in) {
        free(won);
        free(in);
        return;
    }
    memset(in, 1, (size_t)nc);
    int alive = nc;
    long n = 0;
    while (alive > 1 && n < samples) {
        for (int k = 0; k < 10 && n < samples; k++, n++) {
            layout(b, slots, ns, rng, cards);
            for (int i = 0; i < nc; i++)
                if (in[i]) {
                    int r = sample(b, w, &cs[i], slots, ns, cards, limit, memo, nodes);
                    cs[i].wins += r;
                    cs[i].played++;
                    if (r) won[i][n / 64] |= 1ULL << (n % 64);
                }
        }
        int lead = -1;
        for (int i = 0; i < nc; i++)
            if (in[i] && (lead < 0 || cs[i].wins > cs[lead].wins)) lead = i;
        if (!cs[lead].wins && n >= give_up) break;
        if (n < RACE_FIRST) continue;
        if (n == RACE_FIRST && alive > RACE_FIELD) { /* many: the most winning go on */
            while (alive > RACE_FIELD) {
                int worst = -1;
                for (int i = 0; i < nc; i++)
                    if (in[i] && (worst < 0 || cs[i].wins <= cs[worst].wins)) worst = i;
                in[worst] = 0;
                alive--;
            }
        }
        int close = 1;
        for (int i = 0; i < nc; i++) {
            if (!in[i] || i == lead) continue;
            long ahead = 0, behind = 0;
            for (long q = 0; q <= (n - 1) / 64; q++) {
                ahead += __builtin_popcountll(won[lead][q] & ~won[i][q]);
                behind += __builtin_popcountll(won[i][q] & ~won[lead][q]);
            }
            double se = sqrt((double)(ahead + behind + 1));
            if ((double)(ahead - behind) > z * se) {
                in[i] = 0;
                alive--;
            } else if (z * se >= RACE_CLOSE * (double)n) {
                close = 0;
            }
        }
        if (close) break;
    }
    free(won);
    free(in);
}

/* hop(cols, down, talon, pointer, found, draw, slots, samples, limit, seed, give_up, c, race)
 *   -> ([(steps, wins, played)], positions): every commitment (its moves as (kind, a, b, n,
 * card)) with the samples it won and played; by_ucb (c: its constant) or by_race (c: its z). */
static PyObject *py_hop(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *cols, *down, *tal, *found, *pyslots;
    int p, draw, race;
    long samples, limit, give_up;
    unsigned long long seed;
    double c;
    if (!PyArg_ParseTuple(args, "OOOiOiOllKldp", &cols, &down, &tal, &p, &found, &draw, &pyslots, &samples, &limit,
                          &seed, &give_up, &c, &race))
        return NULL;
    KB *b = board_from(cols, down, tal, p, found, draw);
    if (!b) return NULL;
    int slots[2 * 64], ns = 0;
    uint64_t hidden_tal = 0, named[NC] = {0}; /* each place once */
    Py_ssize_t given = PySequence_Size(pyslots);
    int ok = given >= 0 && given <= 64;
    for (Py_ssize_t i = 0; ok && i < given; i++) {
        PyObject *x = PySequence_GetItem(pyslots, i);
        int a = -1, q = -1;
        ok = x && PyArg_ParseTuple(x, "ii", &a, &q) && a >= 0 && a <= NC && q >= 0 &&
             (a == NC ? q < b->n && !(hidden_tal >> q & 1) : q < b->down[a] && !(named[a] >> q & 1));
        Py_XDECREF(x);
        if (ok && a < NC) named[a] |= 1ULL << q;
        if (ok) {
            slots[2 * ns] = a;
            slots[2 * ns + 1] = q;
            ns++;
            if (a == NC) hidden_tal |= 1ULL << q;
        }
    }
    if (!ok) return not_a_position(b, b->trail, "not a Klondike position's unseen places");
    Commit *cs = calloc(COMMITS_MAX, sizeof(Commit));
    Memo *memo = calloc(1, sizeof(Memo));
    KB *w = calloc(1, sizeof(KB));
    if (w) {
        w->tcap = 1024;
        w->trail = malloc(sizeof(Step) * 1024);
    }
    Listing l = {cs, 0, {0}, 0, &hidden_tal};
    if (!cs || !memo || !w || !w->trail || !table_init(&l.seen, 1 << 14)) {
        free(cs);
        free(memo);
        if (w) free(w->trail);
        free(w);
        free(b->trail);
        free(b);
        return PyErr_NoMemory();
    }
    long nodes = 0;
    Py_BEGIN_ALLOW_THREADS;
    list_commits(b, &l);
    /* A "commitment" that leads back to a position the free moves reach commits to nothing (a
     * King taken down to an empty column and sent back up): the player would go round. */
    int kept = 0;
    for (int i = 0; i < l.nc; i++)
        if (!table_has(&l.seen, cs[i].k1, cs[i].k2)) cs[kept++] = cs[i];
    l.nc = kept;
    table_free(&l.seen);
    uint64_t rng = seed;
    if (race) by_race(b, w, cs, l.nc, slots, ns, &rng, samples, limit, give_up, c, memo, &nodes);
    else by_ucb(b, w, cs, l.nc, slots, ns, &rng, samples, limit, give_up, c, memo, &nodes);
    Py_END_ALLOW_THREADS;
    PyObject *out = PyList_New(0);
    for (int i = 0; out && i < l.nc; i++) {
        PyObject *steps = PyList_New(0);
        for (int q = 0; q < cs[i].np; q++) {
            Step s = cs[i].path[q];
            PyObject *x = Py_BuildValue("(iiiii)", s.kind, s.a, s.b, s.n, s.card);
            PyList_Append(steps, x);
            Py_DECREF(x);
        }
        PyObject *row = Py_BuildValue("(Nll)", steps, cs[i].wins, cs[i].played);
        PyList_Append(out, row);
        Py_DECREF(row);
    }
    free(cs);
    free(memo);
    free(w->trail);
    free(w);
    free(b->trail);
    free(b);
    return Py_BuildValue("(Nl)", out, nodes);
}

static PyMethodDef methods[] = {
    {"search", search, METH_VARARGS, "Depth-first search of a Klondike position (paciencia/games/klondike/solver.py)."},
    {"hopeless", py_hopeless, METH_VARARGS, "The static test: True when some card can never go up."},
    {"hop", py_hop, METH_VARARGS, "Hindsight samples over a position's commitments (paciencia/games/klondike/hop.py)."},
    {"key", py_key, METH_VARARGS, "The transposition table's key of a position (twin stacks or not)."},
    {NULL, NULL, 0, NULL},
};

static int setup(PyObject *mod) {
    (void)mod;
    cards_init(BUILD_ALTERNATE);
    for (int q = 0; q < 4; q++) KINGBITS |= 1ULL << (13 * q + 12);
    for (int p = 0; p < 52; p++)
        for (int c = 0; c < 52; c++)
            if (fits(c, p)) FITBITS[p] |= 1ULL << c;
    for (int q = 0; q < 26; q++) SLOT[q] = mix(0xC2B2AE3D27D4EB4FULL + (uint64_t)q);
    for (int q = 0; q < 2 * (2 + 2 * NC); q++)
        MEMO_ODD[q / (2 + 2 * NC)][q % (2 + 2 * NC)] = mix(0x5851F42D4C957F2DULL + (uint64_t)q) | 1;
    ABOVE[0] = (1ULL << 53) - 1;
    for (int p = 1; p < 53; p++)
        for (int q = p; q > 0; q -= 3) ABOVE[p] |= 1ULL << q;
    uint64_t s = 0x4B4C4F4E44494BULL;
    for (int q = 0; q < 64; q++)
        for (int c = 0; c < 128; c++) ZC[q][c] = next_rand(&s);
    for (int q = 0; q < 64; q++)
        for (int c = 0; c < 52; c++) ZT[q][c] = next_rand(&s);
    return 0;
}

SEARCH_MODULE(methods, setup)
