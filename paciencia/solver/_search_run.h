/* The depth-first driver both C searches run, written once: included after the searcher has
 * defined SEARCH_BOARD (with its trail length `nt`), SEARCH_MOVE, SEARCH_OPTIONS (with `budget`
 * and `deadline`), and enter(), make() and unmake(). enter() applies the reductions to the
 * position just reached and answers 1 for a win, -1 for a full table, 0 otherwise (having pushed
 * a frame of the moves to try, or not when the position is cut). */
#ifndef SEARCH_BOARD
#error "define SEARCH_BOARD, SEARCH_MOVE and SEARCH_OPTIONS before including _search_run.h"
#endif

static int run(SEARCH_BOARD *b, SEARCH_OPTIONS *o, long *nodes, size_t table_start) {
    Table t;
    Stack st;
    int ok = table_init(&t, table_start), ready = stack_init(&st, sizeof(SEARCH_MOVE));
    if (!ok || !ready) {
        table_free(&t);
        stack_free(&st);
        return FULL;
    }
    long start = *nodes;
    int result = EXHAUSTED, r = enter(b, &t, &st, o);
    if (r == 1) result = WON;
    else if (r < 0) result = FULL;
    else
        while (st.nf) {
            Frame *f = &st.frames[st.nf - 1];
            while (b->nt > f->mark) unmake(b);
            if (f->i == f->n) {
                st.n = f->off;
                st.nf--;
                continue;
            }
            SEARCH_MOVE m;
            memcpy(&m, st.moves + st.size * (size_t)(f->off + f->i++), sizeof m);
            make(b, m);
            (*nodes)++;
            if (o->budget > 0 && *nodes - start > o->budget) {
                result = BUDGET;
                break;
            }
            if ((*nodes & 1023) == 0 && o->deadline != NO_DEADLINE && now() > o->deadline) {
                result = TIMEOUT;
                break;
            }
            r = enter(b, &t, &st, o);
            if (r == 1) {
                result = WON;
                break;
            }
            if (r < 0) {
                result = FULL;
                break;
            }
        }
    table_free(&t);
    stack_free(&st);
    return result;
}

#if defined(Py_PYTHON_H) && defined(SEARCH_TRAIL_STEPS)
/* Answers Python: (status, steps, nodes), the steps being the trail of a win as (kind, a, b, n,
 * card) tuples (a searcher whose moves have these fields, defining SEARCH_TRAIL_STEPS); frees the
 * board. run_for_python runs the search without holding the GIL first. */
static PyObject *answer_for_python(SEARCH_BOARD *b, int status, long nodes) {
    PyObject *steps = PyList_New(0);
    if (status == WON)
        for (int q = 0; q < b->nt; q++) {
            SEARCH_MOVE s = b->trail[q];
            PyObject *x = Py_BuildValue("(iiiii)", s.kind, s.a, s.b, s.n, s.card);
            PyList_Append(steps, x);
            Py_DECREF(x);
        }
    free(b->trail);
    free(b);
    return Py_BuildValue("iNl", status, steps, nodes);
}

__attribute__((unused)) static PyObject *run_for_python(SEARCH_BOARD *b, SEARCH_OPTIONS *o, size_t start) {
    long nodes = 0;
    int status;
    Py_BEGIN_ALLOW_THREADS;
    status = run(b, o, &nodes, start);
    Py_END_ALLOW_THREADS;
    return answer_for_python(b, status, nodes);
}
#endif
