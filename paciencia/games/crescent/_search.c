/* The Crescent solver's search loop, in C: the same board, moves, reductions and evaluation as
 * paciencia/games/crescent/solver.py describes (read its docstring for the rules and the proofs), at a
 * few million positions a second instead of tens of thousands.
 *
 * One entry point, search(), runs a depth-first search over make/unmake with a transposition
 * table. Options make it either the sound exhaustive search (every move, children ordered by
 * the evaluation) or a heuristic dive (a move up taken greedily, random noise in the order, a
 * node budget). Both apply the sound reductions (clear_isolated, dead). It returns the trail of
 * a win, which Python replays on the engine before trusting it. A second entry point, prove(),
 * runs the exhaustive search alone with a chosen set of reductions (the proofs' ones, R_PROOF, or
 * none for plain search): burst_suit, stuck, safe_up and projection_lost besides those two.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "_search.h"

#define NP 16
#define CAP 104
#define LIMIT 13
#define ASC 16
#define DESC 20
#define MET 24
#define RD (-1)
#define KING 12
#define MAXM 300


static int UPC[52], DOWNC[52]; /* the card one rank up, one down, in its suit (K and A are neighbours) */
static uint64_t Z[CAP][52];


typedef struct {
    uint8_t c[NP][CAP];
    int len[NP];
    int a[4], d[4];
    int redeals;
    uint64_t h[NP];
    int *trail;
    int nt, tcap;
} Board;

static void rehash(Board *b, int i) {
    uint64_t h = 0;
    for (int k = 0; k < b->len[i]; k++) h ^= Z[k][b->c[i][k]];
    b->h[i] = h;
}

static int met(const Board *b, int s) { return b->d[s] == b->a[s] + 1; }

static void key(const Board *b, uint64_t *k1, uint64_t *k2) {
    uint64_t x = 0, y = 0;
    for (int i = 0; i < NP; i++) {
        uint64_t h = b->h[i] + (uint64_t)b->len[i] * 0xD6E8FEB86659FD93ULL;
        x += mix(h);
        y += mix(h ^ 0xA0761D6478BD642FULL);
    }
    uint64_t f = (uint64_t)b->redeals;
    for (int s = 0; s < 4; s++) {
        int code = met(b, s) ? 255 : b->a[s] * 14 + b->d[s];
        f = f * 256 + (uint64_t)code;
    }
    *k1 = x ^ mix(f);
    *k2 = y ^ mix(f ^ 0xE7037ED1A0B428DBULL);
}

static void push_trail(Board *b, int t) { TRAIL_PUSH(b, t); }

/* Cards onto and off a pile's top (col_push, col_pop), its hash h kept up to date. */
COLUMN_OPS(Board, c, len, h, Z)

static void make(Board *b, int m) {
    if (m < 0) {
        for (int i = 0; i < NP; i++) {
            int n = b->len[i];
            if (n > 1) {
                uint8_t first = b->c[i][0];
                memmove(b->c[i], b->c[i] + 1, (size_t)(n - 1));
                b->c[i][n - 1] = first;
                rehash(b, i);
            }
        }
        b->redeals--;
        push_trail(b, m);
        return;
    }
    int src = m >> 5, dst = m & 31;
    int card = col_pop(b, src);
    if (dst < ASC) {
        col_push(b, dst, card);
        push_trail(b, m);
    } else if (dst < DESC) {
        b->a[dst - ASC]++;
        push_trail(b, m);
    } else if (dst < MET) {
        b->d[dst - DESC]--;
        push_trail(b, m);
    } else {
        int s = dst - MET;
        push_trail(b, m | (b->a[s] << 10));
        b->a[s] = b->d[s] = RANK_[card];
    }
}

static void unmake(Board *b) {
    int t = b->trail[--b->nt];
    if (t < 0) {
        for (int i = 0; i < NP; i++) {
            int n = b->len[i];
            if (n > 1) {
                uint8_t last = b->c[i][n - 1];
                memmove(b->c[i] + 1, b->c[i], (size_t)(n - 1));
                b->c[i][0] = last;
                rehash(b, i);
            }
        }
        b->redeals++;
        return;
    }
    int m = t & 1023, src = m >> 5, dst = m & 31, card;
    if (dst < ASC) {
        card = col_pop(b, dst);
    } else if (dst < DESC) {
        int s = dst - ASC;
        card = s * 13 + b->a[s];
        b->a[s]--;
    } else if (dst < MET) {
        int s = dst - DESC;
        card = s * 13 + b->d[s];
        b->d[s]++;
    } else {
        int s = dst - MET;
        card = s * 13 + b->a[s];
        b->a[s] = t >> 10;
        b->d[s] = b->a[s] + 1;
    }
    col_push(b, src, card);
}

static int is_up(int m) { return m >= 0 && (m & 31) >= ASC; }

static int won(const Board *b) {
    for (int i = 0; i < NP; i++)
        if (b->len[i]) return 0;
    return 1;
}

static int up_count(const Board *b) {
    int n = 0;
    for (int s = 0; s < 4; s++) {
        int a = b->a[s], d = b->d[s];
        n += d > a ? a + 1 + 13 - d : 13 + (a - d + 1);
    }
    return n;
}

/* Pile moves, moves up (a met suit's card as one move) and the redeal. The piles whose top is
 * each card are listed first (a card has two copies, so at most two piles), so that each pile's
 * targets come in pile order without scanning every pile. */
static int gen(const Board *b, int *out) {
    int n = 0, any_long = 0;
    int8_t at[52][2];
    memset(at, -1, sizeof at);
    for (int j = 0; j < NP; j++) {
        int lj = b->len[j];
        if (lj == 0 || lj >= LIMIT) continue;
        int t = b->c[j][lj - 1];
        at[t][at[t][0] >= 0] = (int8_t)j;
    }
    for (int i = 0; i < NP; i++) {
        int li = b->len[i];
        if (!li) continue;
        if (li > 1) any_long = 1;
        int c = b->c[i][li - 1], s = SUIT_[c], r = RANK_[c], base = i << 5;
        if (met(b, s)) {
            out[n++] = base | (MET + s);
        } else {
            if (b->a[s] == r - 1) out[n++] = base | (ASC + s);
            if (b->d[s] == r + 1) out[n++] = base | (DESC + s);
        }
        /* the (at most four) target piles, in increasing order */
        int js[4], nj = 0;
        const int8_t *u = at[UPC[c]], *w = at[DOWNC[c]];
        for (int q = 0; q < 2; q++) {
            if (u[q] >= 0) js[nj++] = u[q];
            if (w[q] >= 0) js[nj++] = w[q];
        }
        for (int x = 1; x < nj; x++)
            for (int y = x; y > 0 && js[y - 1] > js[y]; y--) {
                int tmp = js[y];
                js[y] = js[y - 1];
                js[y - 1] = tmp;
            }
        for (int q = 0; q < nj; q++)
            if (js[q] != i) out[n++] = base | js[q];
    }
    if (b->redeals && any_long) out[n++] = RD;
    return n;
}

/* Safe moves up: empties every isolated pile that can go up whole now (proof: solver.py's
 * docstring, 2. Clearing isolated piles). Returns how many cards went up. */
static int clear_isolated(Board *b) {
    int done = 0, changed = 1, overlapped = 0;
    for (int s = 0; s < 4; s++) overlapped |= b->d[s] <= b->a[s];
    if (!overlapped) return 0; /* an isolated pile holds only cards of overlapped suits */
    while (changed) {
        changed = 0;
        int where[52];
        for (int c = 0; c < 52; c++) where[c] = -2; /* -2 nowhere, -1 several piles */
        for (int i = 0; i < NP; i++)
            for (int k = 0; k < b->len[i]; k++) {
                int c = b->c[i][k];
                where[c] = (where[c] == -2 || where[c] == i) ? i : -1;
            }
        for (int i = 0; i < NP; i++) {
            int n = b->len[i];
            if (!n) continue;
            int ok = 1;
            for (int k = 0; k < n && ok; k++) {
                int c = b->c[i][k], s = SUIT_[c];
                int wu = where[UPC[c]], wd = where[DOWNC[c]];
                if (b->d[s] > b->a[s] || (wu != -2 && wu != i) || (wd != -2 && wd != i)) ok = 0;
            }
            if (!ok) continue;
            int ta[4], td[4];
            memcpy(ta, b->a, sizeof ta);
            memcpy(td, b->d, sizeof td);
            for (int k = n - 1; k >= 0 && ok; k--) {
                int c = b->c[i][k], s = SUIT_[c], r = RANK_[c];
                if (ta[s] == r - 1) ta[s] = r;
                else if (td[s] == r + 1) td[s] = r;
                else ok = 0;
            }
            if (!ok) continue;
            while (b->len[i]) {
                int c = b->c[i][b->len[i] - 1], s = SUIT_[c];
                make(b, (i << 5) | (b->a[s] == RANK_[c] - 1 ? ASC + s : DESC + s));
                done++;
            }
            changed = 1;
        }
    }
    return done;
}

/* Where each card's copies lie on the piles: how many, and the first two as (pile, height). */
typedef struct {
    int cnt[52], pile[52][2], height[52][2];
} Copies;

static void locate(const Board *b, Copies *cp) {
    memset(cp->cnt, 0, sizeof cp->cnt);
    for (int i = 0; i < NP; i++)
        for (int k = 0; k < b->len[i]; k++) {
            int c = b->c[i][k];
            if (cp->cnt[c] < 2) {
                cp->pile[c][cp->cnt[c]] = i;
                cp->height[c][cp->cnt[c]] = k;
            }
            cp->cnt[c]++;
        }
}

/* Whether every copy on the piles of the pile neighbours of y (at height h of pile i) lies below
 * it in that pile: then y can leave its pile only by going up (dead, stuck). */
static int pinned(const Copies *cp, int y, int i, int h) {
    int nb[2] = {UPC[y], DOWNC[y]};
    for (int q = 0; q < 2; q++)
        for (int e = 0; e < cp->cnt[nb[q]] && e < 2; e++)
            if (!(cp->pile[nb[q]][e] == i && cp->height[nb[q]][e] < h)) return 0;
    return 1;
}

/* Proved lost with no redeal left (proof: solver.py's docstring, 3. Dead positions). */
static int dead(const Board *b) {
    if (b->redeals) return 0;
    Copies cp;
    locate(b, &cp);
    for (int i = 0; i < NP; i++) {
        for (int h = 1; h < b->len[i]; h++) {
            int y = b->c[i][h], s = SUIT_[y];
            int a = b->a[s], d = b->d[s];
            if (d > a) continue;
            int ry = RANK_[y], asc_y = ry > a, blocked = 0;
            for (int k = 0; k < h && !blocked; k++) {
                int x = b->c[i][k];
                if (SUIT_[x] != s) continue;
                int rx = RANK_[x];
                if ((asc_y && rx > a && rx < ry) || (!asc_y && rx < d && rx > ry)) blocked = 1;
            }
            if (blocked && pinned(&cp, y, i, h)) return 1;
        }
    }
    return 0;
}

static int popcount14(unsigned x) { /* bits 0..13 (no popcnt instruction assumed) */
    x = x - ((x >> 1) & 0x5555u);
    x = (x & 0x3333u) + ((x >> 2) & 0x3333u);
    x = (x + (x >> 4)) & 0x0F0Fu;
    return (int)((x + (x >> 8)) & 0x1Fu);
}

/* Whether suit s's foundations can ever take a card of rank r (on the ascending one when asc, else
 * the descending one) while the copies counted in held[] (ranks of suit s, the card itself
 * among them) are still on the piles: the cards up just before it must be [0, r-1] ascending and
 * [e, 12] descending for some e (or [0, e] and [r+1, 12]), between what is up now and what can be
 * (proof: solver.py's docstring, 6. Stuck cards). */
static int can_take(const Board *b, int s, int r, const int *held, int asc) {
    int u[13];
    for (int k = 0; k < 13; k++) u[k] = (k <= b->a[s]) + (k >= b->d[s]);
    if (asc ? r < 1 : r > 11) return 0;
    for (int e = 0; e <= 12; e++) {
        int ok = 1;
        for (int k = 0; k < 13 && ok; k++) {
            int c = asc ? (k <= r - 1) + (k >= e) : (k <= e) + (k >= r + 1);
            if (c < u[k] || c > 2 - held[k]) ok = 0;
        }
        if (ok) return 1;
    }
    return 0;
}

/* Proved lost with no redeal left: a card that can never leave its pile above one of its suit that
 * must go up (proof: solver.py's docstring, 6. Stuck cards). Implies dead(). */
static int stuck(const Board *b) {
    if (b->redeals) return 0;
    Copies cp;
    locate(b, &cp);
    for (int i = 0; i < NP; i++) {
        int held[4][13];
        memset(held, 0, sizeof held);
        for (int h = 0; h < b->len[i]; h++) {
            int y = b->c[i][h], s = SUIT_[y];
            int below = 0;
            for (int k = 0; k < 13; k++) below += held[s][k];
            held[s][RANK_[y]]++;
            if (!below || !pinned(&cp, y, i, h)) continue;
            if (!can_take(b, s, RANK_[y], held[s], 1) && !can_take(b, s, RANK_[y], held[s], 0)) return 1;
        }
    }
    return 0;
}

/* Safe moves up with no redeal left: a top card of an overlapped suit whose other foundation is
 * complete goes up when its foundation takes it (proof: solver.py's docstring, 7. Safe moves up).
 * Returns how many cards went up. */
static int safe_up(Board *b) {
    if (b->redeals) return 0;
    int done = 0, changed = 1;
    while (changed) {
        changed = 0;
        for (int i = 0; i < NP; i++) {
            if (!b->len[i]) continue;
            int c = b->c[i][b->len[i] - 1], s = SUIT_[c], r = RANK_[c];
            if (b->d[s] > b->a[s]) continue;
            if (b->a[s] == r - 1 && b->d[s] == 0) make(b, (i << 5) | (ASC + s));
            else if (b->d[s] == r + 1 && b->a[s] == KING) make(b, (i << 5) | (DESC + s));
            else continue;
            done++;
            changed = 1;
        }
    }
    return done;
}

/* Higher is better (solver.py, evaluate). */
static int evaluate(const Board *b, int w_inv, int w_redeal) {
    int score = 40 * up_count(b) + w_redeal * b->redeals;
    int group[52], order[52], need[52];
    for (int c = 0; c < 52; c++) group[c] = need[c] = -1, order[c] = 0;
    for (int s = 0; s < 4; s++) {
        int as = b->a[s], ds = b->d[s], base = s * 13;
        if (ds == as + 1) continue;
        for (int r = as + 1; r < 13; r++)
            if (r >= ds) group[base + r] = 2 * s, order[base + r] = r;
        for (int r = 0; r < ds; r++)
            if (r <= as) group[base + r] = 2 * s + 1, order[base + r] = 13 - r;
        if (as < KING) need[base + as + 1] = 2 * s;
        if (ds > 0) need[base + ds - 1] = 2 * s + 1;
    }
    int depth[8] = {12, 12, 12, 12, 12, 12, 12, 12}, inv = 0;
    for (int i = 0; i < NP; i++) {
        int n = b->len[i];
        /* per group: the orders seen below so far, as a bit set (a group holds each order once) */
        unsigned seen[8] = {0};
        for (int h = 0; h < n; h++) {
            int c = b->c[i][h], f = need[c];
            if (f >= 0 && n - 1 - h < depth[f]) depth[f] = n - 1 - h;
            int g = group[c];
            if (g < 0) continue;
            unsigned o = (unsigned)order[c];
            inv += popcount14(seen[g] & ((1u << o) - 1));
            seen[g] |= 1u << o;
        }
    }
    for (int f = 0; f < 8; f++) {
        int s = f >> 1;
        if (met(b, s) || ((f & 1) && b->d[s] == 0) || (!(f & 1) && b->a[s] == KING)) continue;
        score -= 3 * depth[f];
    }
    return score - w_inv * inv;
}

static int complete(const Board *b, int s) { return b->a[s] == KING && b->d[s] == 0; }

/* The suit of the burst that the last move opened, or -1: with no redeal left, a move of a card of
 * suit s that leaves its pile empty or with a suit-s top (s-local), suit s not complete, obliges
 * the next move to be of suit s (proof: solver.py's docstring, 5. One suit at a time). */
static int burst_suit(const Board *b) {
    if (!b->nt || b->redeals) return -1;
    int t = b->trail[b->nt - 1];
    if (t < 0) return -1;
    int m = t & 1023, src = m >> 5, dst = m & 31, s;
    if (dst < ASC) s = SUIT_[b->c[dst][b->len[dst] - 1]];
    else if (dst < DESC) s = dst - ASC;
    else if (dst < MET) s = dst - DESC;
    else s = dst - MET;
    int n = b->len[src];
    if ((n && SUIT_[b->c[src][n - 1]] != s) || complete(b, s)) return -1;
    return s;
}

/* The suits (bit s) on whose cards no card of another suit lies directly: nothing but their own
 * moves can ever change what their moves are (proof: solver.py's docstring, 9. Free suits). */
static unsigned free_suits(const Board *b) {
    unsigned f = 15;
    for (int i = 0; i < NP; i++)
        for (int k = 1; k < b->len[i]; k++)
            if (SUIT_[b->c[i][k]] != SUIT_[b->c[i][k - 1]]) f &= ~(1u << SUIT_[b->c[i][k - 1]]);
    return f;
}

/* The table's record of a node entered free (bit 0) or in a burst of suit s (bit 1 + s): one
 * entered free covers every burst, since it was searched with every move. */
static uint64_t burst_bits(int s) { return s < 0 ? 1 : (1ULL | 1ULL << (1 + s)); }

static int table_covers(const Table *t, uint64_t k1, uint64_t k2, int s) {
    if (!k1) k1 = 1;
    size_t j = table_slot(t, k1, k2);
    return t->e[j].k1 && (t->e[j].bits & burst_bits(s));
}

/* -- the search ---------------------------------------------------------------------------------- */

/* The best positions met in one deal phase, each just after a redeal from it (phase mode). */
typedef struct {
    double score;
    uint64_t k1;
    int *line, n;
} End;

typedef struct {
    int greedy;      /* take one move up when there is one (unsound: heuristic dives only) */
    int keep;        /* phase mode when > 0: no redeal; keep the best `keep` redeal points */
    End *ends;
    int nends;
    long budget;     /* node budget, <= 0 for none */
    double deadline; /* CLOCK_MONOTONIC seconds */
    int w_inv, w_redeal;
    double noise;
    uint64_t rng;
    int flags;       /* the reductions applied (R_*), and NOEVAL: children in generation order */
    int most_up;     /* the most cards up met (a statistic for the benches) */
    uint64_t *pcache; /* R_PROJ: the suits' projections met, each key with its verdict in bit 0 */
    long pnodes;      /* R_PROJ: nodes searched in projections */
    long entered;     /* nodes entered, for R_PROJ's share of the work */
    int pcuts;        /* R_PROJ: positions cut by a lost projection */
} Options;

#define R_CLEAR 1   /* clear_isolated */
#define R_DEAD 2    /* dead */
#define R_SUIT 4    /* one suit at a time (burst_suit) */
#define R_STUCK 8   /* stuck */
#define R_SAFE 16   /* safe_up */
#define R_PROJ 32   /* a suit's projection proved lost cuts the position (projection_lost) */
#define R_FREE 64   /* a free suit moves alone (free_suits) */
#define R_PROOF (R_CLEAR | R_DEAD | R_SUIT | R_STUCK | R_SAFE | R_PROJ | R_FREE)
#define PROJ_CARDS 20    /* projections searched: suits with at most this many cards on the piles */
#define PROJ_BUDGET 4000 /* nodes per projection search (both measured on random mid-game positions) */
#define PCACHE ((size_t)1 << 20)
#define R_SOUND (R_CLEAR | R_DEAD)
#define NOEVAL 256

SCORED_MOVES(int)

static void note_end(Board *b, Options *o) {
    int long_pile = 0;
    for (int i = 0; i < NP; i++) long_pile |= b->len[i] > 1;
    if (!long_pile) return;
    make(b, RD);
    uint64_t k1, k2;
    key(b, &k1, &k2);
    double e = evaluate(b, o->w_inv, o->w_redeal);
    int worst = -1;
    for (int q = 0; q < o->nends; q++) {
        if (o->ends[q].k1 == k1) {
            unmake(b);
            return;
        }
        if (worst < 0 || o->ends[q].score < o->ends[worst].score) worst = q;
    }
    End *slot = NULL;
    if (o->nends < o->keep) slot = &o->ends[o->nends++];
    else if (e > o->ends[worst].score) slot = &o->ends[worst];
    if (slot) {
        free(slot->line);
        slot->score = e;
        slot->k1 = k1;
        slot->n = b->nt;
        slot->line = malloc(sizeof(int) * (size_t)b->nt);
        for (int q = 0; q < b->nt; q++) slot->line[q] = b->trail[q] < 0 ? RD : b->trail[q] & 1023;
    }
    unmake(b);
}

static int run(Board *b, Options *o, long *nodes, size_t table_start);

/* Whether, with no redeal left, the projection of the position on one suit (its cards alone, the
 * others up) is proved lost by a small exhaustive search, which proves the position lost (proof:
 * solver.py's docstring, 8. Projection on suits). Verdicts are kept by the projection's key. */
static int projection_lost(const Board *b, Options *o) {
    if (b->redeals || !o->pcache) return 0;
    for (int s = 0; s < 4; s++) {
        if (complete(b, s)) continue;
        int left = 0;
        uint64_t x = 0;
        for (int i = 0; i < NP; i++) {
            uint64_t h = 0;
            int n = 0;
            for (int k = 0; k < b->len[i]; k++)
                if (SUIT_[b->c[i][k]] == s) h ^= Z[n++][b->c[i][k]];
            if (n) x += mix(h + (uint64_t)n * 0xD6E8FEB86659FD93ULL);
            left += n;
        }
        if (left > PROJ_CARDS) continue;
        int code = met(b, s) ? 255 : b->a[s] * 14 + b->d[s];
        uint64_t k = (mix(x ^ (uint64_t)(code * 4 + s)) | 1) ^ 1, *slot = &o->pcache[k & (PCACHE - 1)];
        if ((*slot | 1) == (k | 1)) {
            if (*slot & 1) return 1;
            continue;
        }
        if (o->pnodes > 2 * o->entered) continue; /* projections take at most two thirds of the work */
        Board *p = calloc(1, sizeof(Board));
        if (!p) return 0;
        p->tcap = 1024;
        p->trail = malloc(sizeof(int) * 1024);
        for (int i = 0; i < NP; i++) {
            for (int q = 0; q < b->len[i]; q++)
                if (SUIT_[b->c[i][q]] == s) p->c[i][p->len[i]++] = b->c[i][q];
            rehash(p, i);
        }
        for (int q = 0; q < 4; q++) {
            p->a[q] = q == s ? b->a[q] : KING;
            p->d[q] = q == s ? b->d[q] : 0;
        }
        Options po = {0, 0, NULL, 0, PROJ_BUDGET, o->deadline, 6, 30, 0.0, 0, o->flags & ~R_PROJ, 0, NULL, 0, 0, 0};
        long n = 0;
        int lost = p->trail && run(p, &po, &n, table_start(PROJ_BUDGET, (size_t)1 << 20)) == EXHAUSTED;
        o->pnodes += n;
        free(p->trail);
        free(p);
        *slot = k | (uint64_t)lost;
        if (lost) {
            o->pcuts++;
            return 1;
        }
    }
    return 0;
}

/* Enters the position: reductions, then either a win (1), a cut (0) or a new frame (0). -1 when
 * the table is full. */
static int enter(Board *b, Table *t, Stack *st, Options *o) {
    int burst = o->flags & R_SUIT ? burst_suit(b) : -1;
    if (o->flags & R_CLEAR && clear_isolated(b)) burst = -1;
    if (o->flags & R_SAFE && safe_up(b)) burst = -1;
    if (won(b)) return 1;
    int nup = up_count(b);
    if (nup > o->most_up) o->most_up = nup;
    uint64_t k1, k2;
    key(b, &k1, &k2);
    int added = table_enter(t, k1, k2, burst + 1, burst_bits(burst));
    if (added < 0) return -1;
    if (!added || (o->flags & R_DEAD && dead(b)) || (o->flags & R_STUCK && stuck(b))) return 0;
    o->entered++;
    if (o->flags & R_PROJ && projection_lost(b, o)) return 0;
    int ms[MAXM];
    int n = gen(b, ms);
    int mark = b->nt;
    int only = burst;
    if (only < 0 && o->flags & R_FREE && !b->redeals) {
        unsigned f = free_suits(b);
        for (int s = 0; s < 4 && only < 0; s++) {
            if (!(f >> s & 1) || complete(b, s)) continue;
            int any = 0;
            for (int q = 0; q < n && !any; q++) any = SUIT_[b->c[ms[q] >> 5][b->len[ms[q] >> 5] - 1]] == s;
            if (!any) return 0; /* a free suit that cannot move never will: lost */
            only = s;
        }
    }
    if (only >= 0) {
        int nk = 0;
        for (int q = 0; q < n; q++)
            if (SUIT_[b->c[ms[q] >> 5][b->len[ms[q] >> 5] - 1]] == only) ms[nk++] = ms[q];
        n = nk;
    }
    if (o->keep && n && ms[n - 1] == RD) n--;
    if (o->greedy) {
        int ups[MAXM], nu = 0;
        for (int q = 0; q < n; q++)
            if (is_up(ms[q])) ups[nu++] = ms[q];
        if (nu) {
            int pick = o->noise > 0 ? ups[next_rand(&o->rng) % (uint64_t)nu] : ups[0];
            push_frame(st, &pick, 1, mark, 0);
            return 0;
        }
    }
    if (o->keep && b->redeals && n < MAXM) note_end(b, o);
    if (o->flags & NOEVAL) {
        /* A proof visits every child whatever the order: only those not yet entered. */
        int nk = 0;
        for (int q = 0; q < n; q++) {
            make(b, ms[q]);
            uint64_t c1, c2;
            key(b, &c1, &c2);
            if (!table_covers(t, c1, c2, o->flags & R_SUIT ? burst_suit(b) : -1)) ms[nk++] = ms[q];
            unmake(b);
        }
        push_frame(st, ms, nk, mark, 0);
        return 0;
    }
    Scored sc[MAXM];
    int ns = 0;
    for (int q = 0; q < n; q++) {
        make(b, ms[q]);
        uint64_t c1, c2;
        key(b, &c1, &c2);
        if (!table_covers(t, c1, c2, o->flags & R_SUIT ? burst_suit(b) : -1)) {
            double e = evaluate(b, o->w_inv, o->w_redeal);
            if (o->noise > 0) e += o->noise * next_unit(&o->rng);
            sc[ns++] = (Scored){ms[q], e};
        }
        unmake(b);
    }
    order_moves(sc, ms, ns);
    push_frame(st, ms, ns, mark, 0);
    return 0;
}

#define SEARCH_BOARD Board
#define SEARCH_MOVE int
#define SEARCH_OPTIONS Options
#include "_search_run.h"

/* Reads a position from Python (piles bottom to top, ascending and descending foundation tops). */
static Board *board_of(PyObject *piles, PyObject *a, PyObject *d, int redeals) {
    NEW_BOARD(b, Board, int);
    b->redeals = redeals;
    if (!b->trail || !PySequence_Check(piles) || PySequence_Size(piles) != NP || PySequence_Size(a) != 4 ||
        PySequence_Size(d) != 4 || redeals < 0)
        goto bad;
    for (int i = 0; i < NP; i++) {
        PyObject *p = PySequence_GetItem(piles, i);
        Py_ssize_t n = p ? PySequence_Size(p) : -1;
        if (n < 0 || n > CAP) {
            Py_XDECREF(p);
            goto bad;
        }
        for (Py_ssize_t k = 0; k < n; k++) {
            PyObject *x = PySequence_GetItem(p, k);
            long c = x ? PyLong_AsLong(x) : -1;
            Py_XDECREF(x);
            if (c < 0 || c >= 52) {
                Py_DECREF(p);
                goto bad;
            }
            b->c[i][k] = (uint8_t)c;
        }
        b->len[i] = (int)n;
        rehash(b, i);
        Py_DECREF(p);
    }
    for (int s = 0; s < 4; s++) {
        PyObject *x = PySequence_GetItem(a, s), *y = PySequence_GetItem(d, s);
        b->a[s] = x ? (int)PyLong_AsLong(x) : -1;
        b->d[s] = y ? (int)PyLong_AsLong(y) : -1;
        Py_XDECREF(x);
        Py_XDECREF(y);
        if (b->a[s] < 0 || b->a[s] > 12 || b->d[s] < 0 || b->d[s] > 12) goto bad;
    }
    return b;
bad:
    PyErr_Clear();
    PyErr_SetString(PyExc_ValueError, "not a Crescent position (16 piles of cards 0-51, 4 + 4 tops 0-12)");
    free(b->trail);
    free(b);
    return NULL;
}

static void board_free(Board *b) {
    free(b->trail);
    free(b);
}

static PyObject *piles_list(const Board *b) {
    PyObject *out = PyList_New(NP);
    for (int i = 0; i < NP; i++) {
        PyObject *p = PyList_New(b->len[i]);
        for (int k = 0; k < b->len[i]; k++) PyList_SET_ITEM(p, k, PyLong_FromLong(b->c[i][k]));
        PyList_SET_ITEM(out, i, p);
    }
    return out;
}

/* evaluate(piles, a, d, redeals, w_inv, w_redeal) -> int */
static PyObject *py_evaluate(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *piles, *a, *d;
    int redeals, w_inv, w_redeal;
    if (!PyArg_ParseTuple(args, "OOOiii", &piles, &a, &d, &redeals, &w_inv, &w_redeal)) return NULL;
    Board *b = board_of(piles, a, d, redeals);
    if (!b) return NULL;
    int e = evaluate(b, w_inv, w_redeal);
    board_free(b);
    return PyLong_FromLong(e);
}

/* reductions(piles, a, d, redeals) -> (dead, cleared, piles, a, d, stuck, safe): the sound
 * reductions, for the tests that check them against plain search: whether the position is dead and
 * stuck, then it after clear_isolated (cleared cards up) and safe_up (safe cards up). */
static PyObject *py_reductions(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *piles, *a, *d;
    int redeals;
    if (!PyArg_ParseTuple(args, "OOOi", &piles, &a, &d, &redeals)) return NULL;
    Board *b = board_of(piles, a, d, redeals);
    if (!b) return NULL;
    int is_dead = dead(b), is_stuck = stuck(b);
    int cleared = clear_isolated(b);
    int safe = safe_up(b);
    PyObject *out = Py_BuildValue("(NiN(iiii)(iiii)Ni)", PyBool_FromLong(is_dead), cleared, piles_list(b), b->a[0],
                                  b->a[1], b->a[2], b->a[3], b->d[0], b->d[1], b->d[2], b->d[3], PyBool_FromLong(is_stuck), safe);
    board_free(b);
    return out;
}

/* The moves of a win as Python ints (a redeal -1), or an empty list when the search did not win. */
static PyObject *won_line(const Board *b, int status) {
    PyObject *trail = PyList_New(0);
    if (status == WON)
        for (int q = 0; q < b->nt; q++) {
            int t = b->trail[q];
            PyObject *x = PyLong_FromLong(t < 0 ? -1 : t & 1023);
            PyList_Append(trail, x);
            Py_DECREF(x);
        }
    return trail;
}

/* search(piles, a, d, redeals, greedy, budget, seconds, w_inv, w_redeal, noise, seed)
 *   -> (status, trail, nodes); status 0 won (trail wins), 1 exhausted, 2 budget, 3 time, 4 full. */
static PyObject *search(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *piles, *a, *d;
    int redeals, greedy, w_inv, w_redeal, keep;
    long budget;
    double seconds, noise;
    unsigned long long seed;
    if (!PyArg_ParseTuple(args, "OOOiildiidKi", &piles, &a, &d, &redeals, &greedy, &budget, &seconds, &w_inv,
                          &w_redeal, &noise, &seed, &keep))
        return NULL;
    if (keep < 0 || keep > 64) {
        PyErr_SetString(PyExc_ValueError, "keep must be 0..64");
        return NULL;
    }
    Board *b = board_of(piles, a, d, redeals);
    if (!b) return NULL;
    End ends[64];
    memset(ends, 0, sizeof ends);
    Options o = {greedy, keep, ends, 0, budget, deadline_in(seconds), w_inv, w_redeal, noise, (uint64_t)seed, R_SOUND, 0,
                 NULL, 0, 0, 0};
    long nodes = 0;
    int status;
    Py_BEGIN_ALLOW_THREADS;
    status = run(b, &o, &nodes, table_start(budget, (size_t)1 << 20));
    Py_END_ALLOW_THREADS;
    PyObject *trail = won_line(b, status);
    board_free(b);
    /* Each redeal point as (score, line, piles, a, d), the position rebuilt from the start. */
    PyObject *out_ends = PyList_New(0);
    for (int q = 0; q < o.nends; q++) {
        Board *e = board_of(piles, a, d, redeals);
        PyObject *line = PyList_New(ends[q].n);
        for (int k = 0; k < ends[q].n; k++) {
            make(e, ends[q].line[k]);
            PyList_SET_ITEM(line, k, PyLong_FromLong(ends[q].line[k]));
        }
        PyObject *item = Py_BuildValue("(dNN(iiii)(iiii))", ends[q].score, line, piles_list(e), e->a[0], e->a[1],
                                       e->a[2], e->a[3], e->d[0], e->d[1], e->d[2], e->d[3]);
        PyList_Append(out_ends, item);
        Py_DECREF(item);
        board_free(e);
        free(ends[q].line);
    }
    return Py_BuildValue("iNlN", status, trail, nodes, out_ends);
}

/* prove(piles, a, d, redeals, seconds, flags[, budget]) -> (status, trail, nodes, most_up, (pnodes, pcuts)):
 * the sound exhaustive search alone, children ordered by the evaluation, with the reductions in
 * `flags` (R_*, NOEVAL: children in generation order); flags 0 is plain search (every move, the
 * transposition table only), which the tests and benches check proofs against. most_up: the
 * most cards up met; pnodes, pcuts: nodes searched in projections, positions they cut. budget: a node
 * limit (status 2 when reached), 0 for none. */
static PyObject *prove(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *piles, *a, *d;
    int redeals, flags;
    double seconds;
    long budget = 0;
    if (!PyArg_ParseTuple(args, "OOOidi|l", &piles, &a, &d, &redeals, &seconds, &flags, &budget)) return NULL;
    Board *b = board_of(piles, a, d, redeals);
    if (!b) return NULL;
    Options o = {0, 0, NULL, 0, budget, deadline_in(seconds), 6, 30, 0.0, 0, flags, 0, NULL, 0, 0, 0};
    if (flags & R_PROJ) o.pcache = calloc(PCACHE, sizeof(uint64_t));
    long nodes = 0;
    int status;
    Py_BEGIN_ALLOW_THREADS;
    status = run(b, &o, &nodes, table_start(budget, (size_t)1 << 20));
    Py_END_ALLOW_THREADS;
    free(o.pcache);
    PyObject *trail = won_line(b, status);
    board_free(b);
    return Py_BuildValue("iNli(li)", status, trail, nodes, o.most_up, o.pnodes, o.pcuts);
}

static PyMethodDef methods[] = {
    {"prove", prove, METH_VARARGS, "The sound exhaustive search with chosen reductions (flags 0: plain search)."},
    {"search", search, METH_VARARGS, "Depth-first search of a Crescent position (paciencia/games/crescent/solver.py)."},
    {"evaluate", py_evaluate, METH_VARARGS, "The heuristic evaluation of a position (higher is better)."},
    {"reductions", py_reductions, METH_VARARGS, "Whether a position is dead, and it after the safe moves up."},
    {NULL, NULL, 0, NULL},
};

static int setup(PyObject *mod) {
    cards_init(BUILD_ALTERNATE);
    for (int c = 0; c < 52; c++) {
        UPC[c] = (c / 13) * 13 + (c % 13 + 1) % 13;
        DOWNC[c] = (c / 13) * 13 + (c % 13 + 12) % 13;
    }
    uint64_t s = 0x5EED0C4E5CE17ULL;
    for (int k = 0; k < CAP; k++)
        for (int c = 0; c < 52; c++) Z[k][c] = next_rand(&s);
    int failed = PyModule_AddIntConstant(mod, "R_CLEAR", R_CLEAR) | PyModule_AddIntConstant(mod, "R_DEAD", R_DEAD) |
                 PyModule_AddIntConstant(mod, "R_SUIT", R_SUIT) | PyModule_AddIntConstant(mod, "R_STUCK", R_STUCK) |
                 PyModule_AddIntConstant(mod, "R_SAFE", R_SAFE) | PyModule_AddIntConstant(mod, "R_PROJ", R_PROJ) |
                 PyModule_AddIntConstant(mod, "R_FREE", R_FREE) | PyModule_AddIntConstant(mod, "R_PROOF", R_PROOF) |
                 PyModule_AddIntConstant(mod, "NOEVAL", NOEVAL);
    return failed ? -1 : 0;
}

SEARCH_MODULE(methods, setup)
