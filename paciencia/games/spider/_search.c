/* The Spider solver's search loops, in C: the model of paciencia/games/spider/solver.py (read its
 * docstring: the moves searched, the canonical key, the beams, the supermoves).
 *
 * search() runs one depth-first search over make/unmake with a transposition table. Sound mode
 * tries every search move (children ordered by the evaluation), so running out of moves proves
 * the position lost; with noise or supermoves it only finds wins. beam() runs a beam search
 * (solver.py, "Beams"), which only finds wins. A win comes back as the search moves made (a
 * supermove as its single moves), which Python turns into move tokens and replays on the engine.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "_search.h"

#define NC 10
#define DEPTH 128   /* a column's cards at most: every card of a made-up position fits in one */
#define STOCK 50    /* five rows of ten */
#define RUN 13      /* a complete run, King down to Ace of one suit */
#define RUNS 8      /* the foundations: won when eight runs have left */
#define MAXM 1024   /* a position's moves at most: 104 cards, each first of a run to 9 places, and a deal */
#define CARDS 104   /* every card of a game */
enum { MV = 0, DEAL = 1 };

static uint64_t ZC[DEPTH][52]; /* position in a column x card */
static uint64_t ZI[NC];        /* a column's number, while the stock still deals onto it by number */

/* A search move: n cards from column a to column b (MV), or a row dealt (DEAL). What make()
 * records to unmake it: the card turned up in a (flip), the suit of the run that left b (done:
 * suit + 1, 0 for none) and whether the card under it turned up (dflip); for a deal, the columns
 * whose run left (mask) and those whose next card turned up (flips). */
typedef struct {
    uint8_t kind, a, b, n, card, flip, done, dflip;
    uint16_t mask, flips;
    uint8_t suits[NC];
} Step;

typedef struct {
    uint8_t col[NC][DEPTH];
    int len[NC], down[NC];
    uint8_t stock[STOCK];
    int nstock, found;
    uint64_t hc[NC]; /* each column's hash: ZC[index][card] over its cards */
    Step *trail;
    int nt, tcap;
} SB;

COLUMN_OPS(SB, col, len, hc, ZC)

static void push(SB *b, Step st) { TRAIL_PUSH(b, st); }

/* How many cards at column a's end run down in one suit, face up (0 when it is empty). */
static int run_len(const SB *b, int a) {
    int q = b->len[a] - 1, n;
    if (q < b->down[a]) return 0;
    for (n = 1; q > b->down[a] && IN_SUIT[b->col[a][q]][b->col[a][q - 1]]; q--) n++;
    return n;
}

/* How many runs of one suit the last n cards of column a hold (1: they move as one). */
static int segments(const SB *b, int a, int n) {
    int len = b->len[a], s = 1;
    for (int q = len - n + 1; q < len; q++) s += !IN_SUIT[b->col[a][q]][b->col[a][q - 1]];
    return s;
}

/* How many cards at column a's end, face up, each lie on a card one rank up (of any suit). */
static int seq_len(const SB *b, int a) {
    int q = b->len[a] - 1, n;
    if (q < b->down[a]) return 0;
    for (n = 1; q > b->down[a] && FITS[b->col[a][q]][b->col[a][q - 1]]; q--) n++;
    return n;
}

/* Turns up column a's end when it is face down: 1 when it did. */
static inline int turn_up(SB *b, int a) {
    if (b->down[a] && b->down[a] == b->len[a]) {
        b->down[a]--;
        return 1;
    }
    return 0;
}

/* The suit + 1 of the complete run at column a's end, which leaves for a foundation (and the card
 * under it turns up: *flip), or 0 when its end is no complete run. */
static int complete(SB *b, int a, uint8_t *flip) {
    int len = b->len[a];
    if (len - b->down[a] < RUN || rank(b->col[a][len - 1]) != 0) return 0;
    for (int q = len - 1; q > len - RUN; q--)
        if (!IN_SUIT[b->col[a][q]][b->col[a][q - 1]]) return 0;
    int s = suit(b->col[a][len - 1]);
    for (int q = 0; q < RUN; q++) col_pop(b, a);
    b->found++;
    *flip = (uint8_t)turn_up(b, a);
    return s + 1;
}

/* The run of suit s back onto column a (King first). */
static void uncomplete(SB *b, int a, int s) {
    for (int r = RUN - 1; r >= 0; r--) col_push(b, a, s * 13 + r);
    b->found--;
}

/* Makes move st on b, recording in it what revert() needs. */
static void apply(SB *b, Step *st) {
    if (st->kind == DEAL) {
        for (int a = 0; a < NC; a++) col_push(b, a, b->stock[--b->nstock]);
        st->mask = st->flips = 0;
        for (int a = 0; a < NC; a++) {
            uint8_t f = 0;
            int s = complete(b, a, &f);
            st->suits[a] = (uint8_t)s;
            if (s) st->mask |= (uint16_t)(1u << a);
            if (f) st->flips |= (uint16_t)(1u << a);
        }
        return;
    }
    st->card = b->col[st->a][b->len[st->a] - st->n];
    col_move(b, st->a, st->b, st->n);
    st->flip = (uint8_t)turn_up(b, st->a);
    st->done = (uint8_t)complete(b, st->b, &st->dflip);
}

/* Takes back move st, made by apply(). */
static void revert(SB *b, const Step *st) {
    if (st->kind == DEAL) {
        for (int a = NC - 1; a >= 0; a--)
            if (st->mask >> a & 1) {
                b->down[a] += st->flips >> a & 1;
                uncomplete(b, a, st->suits[a] - 1);
            }
        for (int a = NC - 1; a >= 0; a--) b->stock[b->nstock++] = (uint8_t)col_pop(b, a);
        return;
    }
    if (st->done) {
        b->down[st->b] += st->dflip;
        uncomplete(b, st->b, st->done - 1);
    }
    col_move(b, st->b, st->a, st->n);
    b->down[st->a] += st->flip;
}

static void make(SB *b, Step st);

/* A supermove of the last n cards of column a onto column t, as moves of whole runs of one suit
 * through the empty columns in free[0..nf): the runs above half of them go to free[0] (through
 * the others), the rest onto t, then those from free[0] onto them. */
static void super_make(SB *b, int a, int t, int n, const int *free, int nf) {
    int s = segments(b, a, n);
    if (s == 1 || nf == 0) {
        Step st = {MV, (uint8_t)a, (uint8_t)t, (uint8_t)n, 0, 0, 0, 0, 0, 0, {0}};
        apply(b, &st);
        push(b, st);
        return;
    }
    int top = 0, len = b->len[a];
    for (int m = 0; m < s / 2; top++)
        if (!IN_SUIT[b->col[a][len - 1 - top]][b->col[a][len - 2 - top]]) m++;
    super_make(b, a, free[0], top, free + 1, nf - 1);
    super_make(b, a, t, n - top, free + 1, nf - 1);
    super_make(b, free[0], t, top, free + 1, nf - 1);
}

static void make(SB *b, Step st) {
    if (st.kind == MV && st.n > 1 && segments(b, st.a, st.n) > 1) {
        int free[NC], nf = 0;
        for (int a = 0; a < NC; a++)
            if (!b->len[a] && a != st.b) free[nf++] = a;
        super_make(b, st.a, st.b, st.n, free, nf);
        return;
    }
    apply(b, &st);
    push(b, st);
}

static void unmake(SB *b) { revert(b, &b->trail[--b->nt]); }

static int won(const SB *b) { return b->found == RUNS; }

/* The canonical key (solver.py, "Canonical key"): with the stock dealt, the columns as a
 * multiset (a sum of one hash each); while it still deals, each column tagged with its number
 * (a row's cards go onto the columns by number). A column's hash covers its cards and how many
 * are face down; the stock is the root's, less the rows dealt. */
static void key(const SB *b, uint64_t *k1, uint64_t *k2) {
    uint64_t x = 0, y = 0;
    for (int a = 0; a < NC; a++) {
        if (!b->len[a]) continue;
        uint64_t h = b->hc[a] + (uint64_t)b->len[a] * 0xD6E8FEB86659FD93ULL + (uint64_t)b->down[a] * 0x9E3779B97F4A7C15ULL;
        if (b->nstock) h ^= ZI[a];
        x += mix(h);
        y += mix(h ^ 0xA0761D6478BD642FULL);
    }
    uint64_t f = (uint64_t)b->nstock * 131 + (uint64_t)b->found;
    *k1 = x ^ mix(f);
    *k2 = y ^ mix(f ^ 0xE7037ED1A0B428DBULL);
}

/* Every search move (solver.py, "Moves searched"): a run of one suit at a column's end (any
 * number of its cards) onto a column whose end card is one rank above its first, of any suit, or
 * into an empty column; a row dealt when no column is empty. With the stock dealt, the columns are
 * alike: only the first empty one is a destination, and a whole column never moves into it. With
 * `super`, also a *supermove*: a
 * sequence of several runs of one suit, each on a card one rank up, moved as the empty columns
 * allow (solver.py, "Supermoves": 2^e runs onto a card with e empty columns, 2^(e-1) into one). */
static int gen(const SB *b, int super, Step *out) {
    int k = 0, empty = -1, nempty = 0, by_rank[13][NC], nrank[13];
    memset(nrank, 0, sizeof nrank);
    for (int a = 0; a < NC; a++) {
        if (!b->len[a]) {
            if (empty < 0) empty = a;
            nempty++;
            continue;
        }
        int r = rank(b->col[a][b->len[a] - 1]);
        by_rank[r][nrank[r]++] = a;
    }
    int cap_card = super ? 1 << nempty : 1, cap_empty = super && nempty ? 1 << (nempty - 1) : 1;
    for (int a = 0; a < NC; a++) {
        int len = b->len[a], most = super && cap_card > 1 ? seq_len(b, a) : run_len(b, a), segs = 1;
        for (int n = 1; n <= most; n++) {
            if (n > 1 && !IN_SUIT[b->col[a][len - n + 1]][b->col[a][len - n]]) segs++;
            if (segs > cap_card) break;
            int r = rank(b->col[a][len - n]);
            if (r < 12)
                for (int q = 0; q < nrank[r + 1]; q++)
                    out[k++] = (Step){MV, (uint8_t)a, (uint8_t)by_rank[r + 1][q], (uint8_t)n, 0, 0, 0, 0, 0, 0, {0}};
            if (!nempty || segs > cap_empty) continue;
            if (b->nstock) {
                for (int t = 0; t < NC; t++)
                    if (!b->len[t]) out[k++] = (Step){MV, (uint8_t)a, (uint8_t)t, (uint8_t)n, 0, 0, 0, 0, 0, 0, {0}};
            } else if (n < len)
                out[k++] = (Step){MV, (uint8_t)a, (uint8_t)empty, (uint8_t)n, 0, 0, 0, 0, 0, 0, {0}};
        }
    }
    if (b->nstock && !nempty) out[k++] = (Step){DEAL, 0, 0, 0, 0, 0, 0, 0, 0, 0, {0}};
    return k;
}

/* The sound search's order of a position's children, the best first (any order is sound): higher
 * is better: runs gone, cards turned up, empty columns, and the face-up cards' order, each lying on
 * its next card up in its suit, on a card one rank up of another suit, or on a card it does not
 * fit (a break); the rows dealt. W0: those weights. */
typedef struct {
    int found, down, empty, suited, fit, brk, dealt;
} Weights;
static const Weights W0 = {400, 30, 40, 8, 2, 6, 10};

/* Column a's share of the evaluation: empty, or its face-down cards and its face-up cards' order. */
static int colval(const SB *b, int a, const Weights *w) {
    int len = b->len[a];
    if (!len) return w->empty;
    int e = -w->down * b->down[a];
    for (int q = b->down[a] + 1; q < len; q++) {
        int c = b->col[a][q], p = b->col[a][q - 1];
        e += IN_SUIT[c][p] ? w->suited : FITS[c][p] ? w->fit : -w->brk;
    }
    return e;
}

static int evaluate_w(const SB *b, const Weights *w) {
    int e = w->found * b->found + w->dealt * ((STOCK - b->nstock) / NC);
    for (int a = 0; a < NC; a++) e += colval(b, a, w);
    return e;
}

/* The evaluation after move st (made on b, whose evaluation before it was e, and whose columns'
 * shares before it were va and vb for st's two columns): only those two columns changed. */
static int evaluate_after(const SB *b, const Step *st, int e, int va, int vb, int found, const Weights *w) {
    if (st->kind == DEAL) return evaluate_w(b, w);
    return e - va - vb + colval(b, st->a, w) + colval(b, st->b, w) + w->found * (b->found - found);
}

/* -- the search ---------------------------------------------------------------------------------- */

typedef struct {
    int super;
    long budget;
    double deadline, noise;
    uint64_t rng;
    Weights w;
} Options;

SCORED_MOVES(Step)

/* Enters the position after a move: a win (1), a position met before (0), a new frame of its
 * moves in the evaluation's order (0), or a full table (-1). */
static int enter(SB *b, Table *t, Stack *st, Options *o) {
    if (won(b)) return 1;
    uint64_t k1, k2;
    key(b, &k1, &k2);
    int added = table_enter(t, k1, k2, 0, 1);
    if (added <= 0) return added;
    Step ms[MAXM];
    Scored sc[MAXM];
    int n = gen(b, o->super, ms), mark = b->nt;
    int e0 = evaluate_w(b, &o->w), found = b->found;
    for (int q = 0; q < n; q++) {
        Step *m = &ms[q];
        int va = m->kind == MV ? colval(b, m->a, &o->w) : 0, vb = m->kind == MV ? colval(b, m->b, &o->w) : 0;
        apply(b, m);
        double e = won(b) ? 1e9 : evaluate_after(b, m, e0, va, vb, found, &o->w);
        revert(b, m);
        if (o->noise > 0) e += o->noise * next_unit(&o->rng);
        sc[q] = (Scored){ms[q], e};
    }
    order_moves(sc, ms, n);
    push_frame(st, ms, n, mark, 0);
    return 0;
}

#define SEARCH_BOARD SB
#define SEARCH_MOVE Step
#define SEARCH_OPTIONS Options
#define SEARCH_TRAIL_STEPS
#include "_search_run.h"

/* A position packed (the search keeps many): the columns' cards one after the other; the stock is
 * the root's, less the rows dealt. */
typedef struct {
    uint8_t len[NC], down[NC];
    uint8_t nstock, found;
    uint8_t cards[CARDS];
} Packed;

static void pack(const SB *b, Packed *p) {
    int k = 0;
    for (int a = 0; a < NC; a++) {
        p->len[a] = (uint8_t)b->len[a];
        p->down[a] = (uint8_t)b->down[a];
        memcpy(p->cards + k, b->col[a], (size_t)b->len[a]);
        k += b->len[a];
    }
    p->nstock = (uint8_t)b->nstock;
    p->found = (uint8_t)b->found;
}

/* b (whose stock is the root's) as p packed it. */
static void unpack(SB *b, const Packed *p) {
    int k = 0;
    for (int a = 0; a < NC; a++) {
        b->len[a] = p->len[a];
        b->down[a] = p->down[a];
        memcpy(b->col[a], p->cards + k, (size_t)p->len[a]);
        k += p->len[a];
        uint64_t h = 0;
        for (int q = 0; q < b->len[a]; q++) h ^= ZC[q][b->col[a][q]];
        b->hc[a] = h;
    }
    b->nstock = p->nstock;
    b->found = p->found;
}

/* -- the beam ------------------------------------------------------------------------------------ *
 *
 * A beam search (solver.py, "Beams"): level by level, every child of the `width` positions kept is
 * generated, those met before (in the table: kept at an earlier level) are dropped, and the
 * `width` best by the evaluation (with noise, when given) are kept for the next level. It only
 * finds wins: a beam that dies out proves nothing. */

typedef struct {
    int parent;
    uint8_t kind, a, b, n;
} Link;

typedef struct {
    int width, super, prune, levels; /* levels: the most a beam goes down (0: no bound) */
    int later;                       /* no row dealt as the first move */
    long budget;
    double deadline, noise;
    uint64_t rng;
} BeamOptions;

#define DIED 5 /* a beam with no new position left: nothing proved */
#define BUCKETS (STOCK / NC + 1)

/* The beam's score (solver.py, "Beams"; higher is better): less *disorder*, then more cards
 * playable. Disorder: each column's cards that do not lie face up on their next card up in their
 * suit (its bottom card and each face-down card among them), less one for a column whose bottom
 * card is a King or would go onto another column's end card, less the empty columns. */
static double chaos_score(const SB *b) {
    int chaos = 0, empties = 0, playable = 0, ends[14] = {0};
    for (int a = 0; a < NC; a++)
        if (b->len[a]) ends[rank(b->col[a][b->len[a] - 1])]++;
    for (int a = 0; a < NC; a++) {
        int len = b->len[a];
        if (!len) {
            empties++;
            continue;
        }
        chaos++;
        for (int q = 1; q < len; q++) chaos += !(q - 1 >= b->down[a] && IN_SUIT[b->col[a][q]][b->col[a][q - 1]]);
        int r = rank(b->col[a][0]), mine = rank(b->col[a][len - 1]) == r + 1;
        if (r == 12 || ends[r + 1] - mine > 0) chaos--;
        playable += run_len(b, a);
    }
    chaos -= chaos < empties ? chaos : empties;
    return -1000.0 * chaos + playable + RUN * b->found + empties;
}

/* Whether a move the beam prunes (BeamOptions' prune, after KPat's Spider solver): a run taken
 * off its next card up in its suit only to lie on a run of its suit that grows longer than the
 * one it left, and with the stock dealt, a run into an empty column only when it leaves cards
 * behind and takes no run apart. */
static int pruned(const SB *b, const Step *m) {
    if (m->kind != MV) return 0;
    int a = m->a, len = b->len[a], head = len - m->n;
    int split = head > b->down[a] && IN_SUIT[b->col[a][head]][b->col[a][head - 1]];
    if (!b->len[m->b]) return !b->nstock && (head == 0 || split);
    if (!split) return 0;
    int t = m->b, end = b->col[t][b->len[t] - 1];
    int grown = (suit(end) == suit(b->col[a][head]) ? run_len(b, t) : 0) + m->n;
    return grown <= run_len(b, a);
}

typedef struct {
    double score;
    uint64_t k1, k2;
    int parent, bucket;
    uint8_t kind, a, b, n;
} Cand;

static int by_cand(const void *x, const void *y) {
    const Cand *p = x, *q = y;
    if (p->score != q->score) return p->score < q->score ? 1 : -1;
    return p->k1 < q->k1 ? -1 : p->k1 > q->k1;
}

/* The beam from b: WON with b's trail holding the winning line (b itself as it was), else DIED,
 * BUDGET, TIMEOUT or FULL. Each level keeps at most `width` positions for each number of rows
 * left in the stock, so positions that dealt do not compete with those that did not. */
static int beam_run(SB *b, BeamOptions *o, long *nodes) {
    int width = o->width, room = width * BUCKETS;
    Table t;
    if (!table_init(&t, table_start(o->budget, (size_t)1 << 16))) return FULL;
    Packed *cur = malloc(sizeof(Packed) * (size_t)room), *nxt = malloc(sizeof(Packed) * (size_t)room);
    int ccap = room * 8;
    Cand *cs = malloc(sizeof(Cand) * (size_t)ccap);
    SB *x = malloc(sizeof(SB));
    Link **levels = NULL;
    int nlevels = 0, lcap = 0, result = DIED, ncur = 1, win_parent = -1;
    Step win_move;
    if (!cur || !nxt || !cs || !x) {
        result = FULL;
        goto done;
    }
    *x = *b;
    x->trail = NULL;
    pack(b, &cur[0]);
    {
        uint64_t k1, k2;
        key(b, &k1, &k2);
        table_enter(&t, k1, k2, 0, 1);
    }
    long start = *nodes;
    while (ncur && result == DIED && (!o->levels || nlevels < o->levels)) {
        int n = 0;
        for (int i = 0; i < ncur && result == DIED; i++) {
            unpack(x, &cur[i]);
            Step ms[MAXM];
            int nm = gen(x, o->super, ms);
            for (int q = 0; q < nm; q++) {
                Step *m = &ms[q];
                if ((o->prune && pruned(x, m)) || (o->later && !nlevels && m->kind == DEAL)) continue;
                apply(x, m);
                (*nodes)++;
                if (won(x)) {
                    revert(x, m);
                    win_parent = i;
                    win_move = *m;
                    result = WON;
                    break;
                }
                uint64_t k1, k2;
                key(x, &k1, &k2);
                if (!table_has(&t, k1, k2)) {
                    if (n == ccap) {
                        ccap *= 2;
                        Cand *grown = realloc(cs, sizeof(Cand) * (size_t)ccap);
                        if (!grown) {
                            revert(x, m);
                            result = FULL;
                            break;
                        }
                        cs = grown;
                    }
                    double e = chaos_score(x);
                    if (o->noise > 0) e += o->noise * next_unit(&o->rng);
                    cs[n++] = (Cand){e, k1, k2, i, x->nstock / NC, m->kind, m->a, m->b, m->n};
                }
                revert(x, m);
                if (o->budget > 0 && *nodes - start > o->budget) {
                    result = BUDGET;
                    break;
                }
                if ((*nodes & 1023) == 0 && o->deadline != NO_DEADLINE && now() > o->deadline) {
                    result = TIMEOUT;
                    break;
                }
            }
        }
        if (result != DIED) break;
        /* The best `width` new positions of each bucket, best first, each once. */
        qsort(cs, (size_t)n, sizeof(Cand), by_cand);
        if (nlevels == lcap) {
            lcap = lcap ? 2 * lcap : 256;
            Link **grown = realloc(levels, sizeof(Link *) * (size_t)lcap);
            if (!grown) {
                result = FULL;
                break;
            }
            levels = grown;
        }
        Link *lv = malloc(sizeof(Link) * (size_t)(n < room ? (n ? n : 1) : room));
        if (!lv) {
            result = FULL;
            break;
        }
        levels[nlevels++] = lv;
        int nn = 0, taken[BUCKETS] = {0};
        for (int q = 0; q < n && nn < room; q++) {
            Cand *c = &cs[q];
            if (taken[c->bucket] >= width) continue;
            int r = table_enter(&t, c->k1, c->k2, 0, 1);
            if (r < 0) {
                result = FULL;
                break;
            }
            if (!r) continue;
            taken[c->bucket]++;
            lv[nn] = (Link){c->parent, c->kind, c->a, c->b, c->n};
            unpack(x, &cur[c->parent]);
            Step m = {c->kind, c->a, c->b, c->n, 0, 0, 0, 0, 0, 0, {0}};
            apply(x, &m);
            pack(x, &nxt[nn]);
            nn++;
        }
        Packed *tb = cur;
        cur = nxt;
        nxt = tb;
        ncur = nn;
    }
    if (result == WON) {
        /* The line: back through the levels from the winner's parent, then made on b. */
        int depth = nlevels, at = win_parent;
        Step *line = malloc(sizeof(Step) * (size_t)(depth + 1));
        if (!line) result = FULL;
        else {
            line[depth] = win_move;
            for (int d = depth - 1; d >= 0; d--) {
                Link *l = &levels[d][at];
                line[d] = (Step){l->kind, l->a, l->b, l->n, 0, 0, 0, 0, 0, 0, {0}};
                at = l->parent;
            }
            for (int d = 0; d <= depth; d++) make(b, line[d]);
            free(line);
        }
    }
done:
    for (int d = 0; d < nlevels; d++) free(levels[d]);
    free(levels);
    free(cur);
    free(nxt);
    free(cs);
    free(x);
    table_free(&t);
    return result;
}

/* A position from Python: the columns bottom to top, their face-down counts, the stock bottom to
 * top (its last card is dealt first, onto column 1), the runs gone. NULL with ValueError when it
 * is not one. */
static SB *board_from(PyObject *cols, PyObject *down, PyObject *stock, int found) {
    NEW_BOARD(b, SB, Step);
    int ok = b->trail && PySequence_Size(cols) == NC && found >= 0 && found <= RUNS;
    ok = ok && read_ints(down, b->down, NC, 0, DEPTH) && read_cards(stock, b->stock, STOCK, &b->nstock);
    for (int a = 0; ok && a < NC; a++) {
        PyObject *c = PySequence_GetItem(cols, a);
        ok = c && read_cards(c, b->col[a], DEPTH, &b->len[a]) && b->down[a] <= b->len[a];
        Py_XDECREF(c);
    }
    int cards = 0;
    for (int a = 0; ok && a < NC; a++) cards += b->len[a];
    if (!ok || b->nstock % NC || cards > CARDS) return not_a_position(b, b->trail, "not a Spider position for the search");
    b->found = found;
    for (int a = 0; a < NC; a++)
        for (int q = 0; q < b->len[a]; q++) b->hc[a] ^= ZC[q][b->col[a][q]];
    return b;
}

/* search(cols, down, stock, found, super, budget, seconds, noise, seed)
 *   -> (status, steps, nodes); steps as (kind, a, b, n, card) for a win. Sound with no noise and
 *   super 0 (every search move, none but them). */
static PyObject *search(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *cols, *down, *stock;
    int found, super;
    long budget;
    double seconds, noise;
    unsigned long long seed = 0;
    if (!PyArg_ParseTuple(args, "OOOiildd|K", &cols, &down, &stock, &found, &super, &budget, &seconds, &noise, &seed))
        return NULL;
    SB *b = board_from(cols, down, stock, found);
    if (!b) return NULL;
    Options o = {super != 0, budget, deadline_in(seconds), noise, (uint64_t)seed, W0};
    return run_for_python(b, &o, table_start(budget, (size_t)1 << 20));
}

/* beam(cols, down, stock, found, width, budget, seconds, noise, seed, levels)
 *   -> (status, steps, nodes): a beam search (status 5: it died out or went `levels` down,
 *   nothing proved); width's bits 20, 22 and 23: supermoves, pruning, no deal first. */
static PyObject *py_beam(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *cols, *down, *stock;
    int found, width, levels = 0;
    long budget;
    double seconds, noise;
    unsigned long long seed = 0;
    if (!PyArg_ParseTuple(args, "OOOiildd|Ki", &cols, &down, &stock, &found, &width, &budget, &seconds, &noise, &seed,
                          &levels))
        return NULL;
    if ((width & 0xFFFFF) < 1) {
        PyErr_SetString(PyExc_ValueError, "width must be 1..2**20");
        return NULL;
    }
    SB *b = board_from(cols, down, stock, found);
    if (!b) return NULL;
    BeamOptions o = {width & 0xFFFFF, width >> 20 & 1, width >> 22 & 1, levels, width >> 23 & 1, budget, deadline_in(seconds),
                     noise, (uint64_t)seed};
    long nodes = 0;
    int status;
    Py_BEGIN_ALLOW_THREADS;
    status = beam_run(b, &o, &nodes);
    Py_END_ALLOW_THREADS;
    return answer_for_python(b, status, nodes);
}

static PyMethodDef methods[] = {
    {"search", search, METH_VARARGS, "Depth-first search of a Spider position (paciencia/games/spider/solver.py)."},
    {"beam", py_beam, METH_VARARGS, "A beam search of a Spider position (paciencia/games/spider/solver.py)."},
    {NULL, NULL, 0, NULL},
};

static int setup(PyObject *mod) {
    (void)mod;
    cards_init(BUILD_ANY_SUIT);
    uint64_t s = 0x5350494445524DULL;
    for (int q = 0; q < DEPTH; q++)
        for (int c = 0; c < 52; c++) ZC[q][c] = next_rand(&s);
    for (int a = 0; a < NC; a++) ZI[a] = next_rand(&s);
    return 0;
}

SEARCH_MODULE(methods, setup)
