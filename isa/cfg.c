/* isa/cfg.c — control-flow graph and immediate post-dominators.
 * Each branch reconverges at its immediate post-dominator, as GPGPU-Sim does
 * for PTX (Fung et al., MICRO 2007), so kernels never carry SSY/SYNC. The
 * graph is per instruction (kernels are small); the algorithm is Cooper,
 * Harvey and Kennedy's "A Simple, Fast Dominance Algorithm" run on the
 * reversed graph rooted at a virtual exit node. */
#include "asm.h"
#include <stdlib.h>
#include <string.h>

typedef struct {
    int n;                 /* real nodes; node n is the exit */
    int *const *succ;
    const int *nsucc;
    int *extra_exit;       /* node has an artificial edge to the exit */
    int *rpo_index;        /* position in reverse postorder of the reverse graph */
    int *order;            /* nodes in that order */
    int norder;
    int **pred; int *npred;/* predecessors in the forward graph = successors in reverse */
} pdom_graph;

/* iterative DFS from the exit over reversed edges */
static void reverse_dfs(pdom_graph *g)
{
    int total = g->n + 1;
    int *visited = xcalloc((size_t)total, sizeof(int));
    int *stack = xmalloc(sizeof(int) * (size_t)total);
    int *edge = xcalloc((size_t)total, sizeof(int));
    int *post = xmalloc(sizeof(int) * (size_t)total);
    int npost = 0, sp = 0;
    stack[sp++] = g->n;
    visited[g->n] = 1;
    while (sp) {
        int v = stack[sp - 1];
        if (edge[v] < g->npred[v]) {
            int w = g->pred[v][edge[v]++];
            if (!visited[w]) { visited[w] = 1; stack[sp++] = w; }
        } else {
            post[npost++] = v;
            sp--;
        }
    }
    for (int i = 0; i < total; i++) g->rpo_index[i] = -1;
    g->norder = npost;
    for (int i = 0; i < npost; i++) {
        g->order[i] = post[npost - 1 - i];
        g->rpo_index[g->order[i]] = i;
    }
    free(visited); free(stack); free(edge); free(post);
}

static void build_preds(pdom_graph *g)
{
    int total = g->n + 1;
    for (int i = 0; i < total; i++) g->npred[i] = 0;
    for (int v = 0; v < g->n; v++) {
        for (int j = 0; j < g->nsucc[v]; j++) g->npred[g->succ[v][j]]++;
        if (g->extra_exit[v]) g->npred[g->n]++;
    }
    for (int i = 0; i < total; i++) {
        free(g->pred[i]);
        g->pred[i] = xmalloc(sizeof(int) * (size_t)(g->npred[i] + 1));
        g->npred[i] = 0;
    }
    for (int v = 0; v < g->n; v++) {
        for (int j = 0; j < g->nsucc[v]; j++) {
            int w = g->succ[v][j];
            g->pred[w][g->npred[w]++] = v;
        }
        if (g->extra_exit[v]) g->pred[g->n][g->npred[g->n]++] = v;
    }
}

static int intersect(const int *ipdom, const int *rpo, int a, int b)
{
    while (a != b) {
        while (rpo[a] > rpo[b]) a = ipdom[a];
        while (rpo[b] > rpo[a]) b = ipdom[b];
    }
    return a;
}

void cfg_ipdom(int n, int *const *succ, const int *nsucc, int *ipdom)
{
    pdom_graph g = { .n = n, .succ = succ, .nsucc = nsucc };
    int total = n + 1;
    g.extra_exit = xcalloc((size_t)total, sizeof(int));
    g.rpo_index = xmalloc(sizeof(int) * (size_t)total);
    g.order = xmalloc(sizeof(int) * (size_t)total);
    g.pred = xcalloc((size_t)total, sizeof(int *));
    g.npred = xcalloc((size_t)total, sizeof(int));
    /* nodes that cannot reach the exit (infinite loops) get an edge to it,
     * the highest-numbered unreached node first, until all are reached */
    for (;;) {
        build_preds(&g);
        reverse_dfs(&g);
        int unreached = -1;
        for (int v = n - 1; v >= 0; v--)
            if (g.rpo_index[v] < 0) { unreached = v; break; }
        if (unreached < 0) break;
        g.extra_exit[unreached] = 1;
    }
    int *idom = ipdom;
    for (int i = 0; i < total; i++) idom[i] = -1;
    idom[n] = n;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int k = 1; k < g.norder; k++) {
            int v = g.order[k], new_idom = -1;
            /* reverse-graph predecessors of v are its forward successors */
            int ns = nsucc[v] + (g.extra_exit[v] ? 1 : 0);
            for (int j = 0; j < ns; j++) {
                int w = j < nsucc[v] ? succ[v][j] : n;
                if (idom[w] < 0) continue;
                new_idom = new_idom < 0 ? w : intersect(idom, g.rpo_index, w, new_idom);
            }
            if (new_idom >= 0 && idom[v] != new_idom) { idom[v] = new_idom; changed = 1; }
        }
    }
    for (int i = 0; i < total; i++) free(g.pred[i]);
    free(g.pred); free(g.npred); free(g.extra_exit); free(g.rpo_index); free(g.order);
}

/* the instructions after every CALL of k, for a RET at pc i (the exit if none) */
static int *ret_succ(const isa_kernel *k, int i, int *n)
{
    int calls = 0;
    for (int j = 0; j < k->ncode; j++) calls += k->code[j].op == OP_CALL;
    int *s = xmalloc(sizeof(int) * (size_t)(calls + 1));
    *n = 0;
    for (int j = 0; j < k->ncode; j++)
        if (k->code[j].op == OP_CALL) s[(*n)++] = j + 1;
    if (!*n) s[(*n)++] = k->ncode;
    (void)i;
    return s;
}

/* the targets of the BRX at pc i (the ELF's EIATTR_INDIRECT_BRANCH_TARGETS,
 * byte addresses, 16 bytes an instruction), and the next instruction when
 * it is guarded; the exit when they are unknown (no ELF): its lanes then
 * reconverge only there */
static int *brx_succ(const isa_kernel *k, int i, int *n)
{
    const isa_insn *in = &k->code[i];
    int *s = xmalloc(sizeof(int) * (size_t)(k->nibt + 2));
    *n = 0;
    for (int j = 0; j < k->nibt; j++) {
        uint32_t t = k->ibt[j].target;
        if (k->ibt[j].at == in->addr && t % 16 == 0 && t / 16 < (uint32_t)k->ncode) s[(*n)++] = (int)(t / 16);
    }
    if (!*n) s[(*n)++] = k->ncode;
    else if (in->guard != ISA_PRED_PT || in->guard_neg) s[(*n)++] = i + 1;
    return s;
}

void cfg_reconvergence(isa_kernel *k)
{
    int n = k->ncode;
    int **succ = xmalloc(sizeof(int *) * (size_t)(n + 1));
    int *nsucc = xcalloc((size_t)n + 1, sizeof(int));
    int *store = xmalloc(sizeof(int) * 2 * (size_t)(n + 1));
    for (int i = 0; i < n; i++) {
        const isa_insn *in = &k->code[i];
        int guarded = in->guard != ISA_PRED_PT || in->guard_neg;
        int next = i + 1; /* n = exit: falling off the end finishes the thread */
        succ[i] = store + 2 * i;
        if (in->op == OP_BRA || in->op == OP_CALL) {
            guarded |= in->op == OP_BRA && (in->o[0].kind == OPK_UPRED || in->o[0].kind == OPK_PRED || INSN_HAS(in, DIV)
                                       || INSN_HAS(in, CONV));   /* BRA.DIV/.CONV: taken or not by the warp's convergence */
            succ[i][nsucc[i]++] = in->target;
            if (guarded && next != in->target) succ[i][nsucc[i]++] = next;
        } else if (in->op == OP_BRX) {
            succ[i] = brx_succ(k, i, &nsucc[i]);
        } else if (in->op == OP_RET) {
            /* back to after a call: the graph's edge goes to the
             * instruction after each CALL (nvcc's subroutines are few) */
            succ[i] = ret_succ(k, i, &nsucc[i]);
        } else if (in->op == OP_EXIT) {
            guarded = isa_insn_conditional(in);
            succ[i][nsucc[i]++] = n;
            if (guarded && next != n) succ[i][nsucc[i]++] = next;
        } else {
            succ[i][nsucc[i]++] = next;
        }
    }
    succ[n] = store + 2 * n;   /* the exit: no successors (nsucc[n] = 0) */
    int *ipdom = xmalloc(sizeof(int) * (size_t)(n + 1));
    cfg_ipdom(n, succ, nsucc, ipdom);
    for (int i = 0; i < n; i++) {
        isa_insn *in = &k->code[i];
        in->reconv = -1;
        if (isa_ops[in->op].kind == KIND_BRANCH || in->op == OP_EXIT)
            in->reconv = ipdom[i] >= n ? -1 : ipdom[i];
    }
    for (int i = 0; i < n; i++)
        if (k->code[i].op == OP_RET || k->code[i].op == OP_BRX) free(succ[i]);
    free(ipdom); free(store); free(nsucc); free(succ);
}
