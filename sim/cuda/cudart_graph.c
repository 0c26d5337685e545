/* sim/cuda/cudart_graph.c — CUDA graphs on the stand-in libcudart: a graph
 * is a list of nodes (stream work: cudart_stream.c's cudart_work) and the
 * nodes each depends on, made by stream capture or node by node; an
 * instantiated graph is its work copied in a topological order (a graph
 * with a cycle is refused; a child graph is copied in), and each
 * cudaGraphLaunch runs that work in order
 * as the calls themselves would: kernels simulated like any launch (they
 * show in the summary), copies and memsets with their time. */
#include "cudart.h"
#include "util/xalloc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define INIT_OR_FAIL() do { if (cudart_init()) return cudart_ret(cudaErrorInitializationError); } while (0)

struct cudart_node { struct cudart_graph *g; int index; cudart_work w; int ndeps, *deps; };
struct cudart_graph { struct cudart_node **nodes; int nnodes; };
struct cudart_exec { cudart_work *work; const struct cudart_node **origin; int n; };

struct cudart_graph *cudart_graph_new(void) { return xcalloc(1, sizeof(struct cudart_graph)); }

int cudart_graph_add(struct cudart_graph *g, const cudart_work *w, const int *deps, int ndeps)
{
    struct cudart_node *n = xcalloc(1, sizeof *n);
    n->g = g;
    n->index = g->nnodes;
    cudart_work_copy(&n->w, w);
    n->ndeps = ndeps;
    n->deps = xmalloc(sizeof *n->deps * (size_t)(ndeps ? ndeps : 1));
    if (ndeps) memcpy(n->deps, deps, sizeof *deps * (size_t)ndeps);
    g->nodes = xrealloc(g->nodes, sizeof *g->nodes * (size_t)(g->nnodes + 1));
    g->nodes[g->nnodes++] = n;
    return n->index;
}

void *cudart_graph_node(struct cudart_graph *g, int index) { return index >= 0 && index < g->nnodes ? g->nodes[index] : NULL; }
int cudart_graph_index(const struct cudart_graph *g, const void *node)
{
    const struct cudart_node *n = node;
    return n && n->g == g ? n->index : -1;
}

CUDART_API cudaError_t cudaGraphCreate(struct cudart_graph **g, unsigned flags)
{
    INIT_OR_FAIL();
    if (!g || flags) { cudart_say("cudaGraphCreate", "graph pointer NULL or flags not 0"); return cudart_ret(cudaErrorInvalidValue); }
    *g = cudart_graph_new();
    return cudaSuccess;
}

CUDART_API cudaError_t cudaGraphDestroy(struct cudart_graph *g)
{
    if (!g) return cudart_fail("cudaGraphDestroy", cudaErrorInvalidValue, "the graph is NULL");
    for (int i = 0; i < g->nnodes; i++) { cudart_work_free(&g->nodes[i]->w); free(g->nodes[i]->deps); free(g->nodes[i]); }
    free(g->nodes);
    free(g);
    return cudaSuccess;
}

/* a node added by the API: deps are node handles of the same graph */
static cudaError_t add_node(struct cudart_node **out, struct cudart_graph *g, struct cudart_node *const *deps, size_t ndeps,
                            const cudart_work *w, const char *call)
{
    if (!out || !g || (ndeps && !deps)) { cudart_say(call, "node, graph or dependencies NULL"); return cudart_ret(cudaErrorInvalidValue); }
    int *idx = xmalloc(sizeof *idx * (ndeps ? ndeps : 1));
    for (size_t i = 0; i < ndeps; i++) {
        if (!deps[i] || deps[i]->g != g) { free(idx); cudart_say(call, "dependency %zu is not a node of this graph", i); return cudart_ret(cudaErrorInvalidValue); }
        idx[i] = deps[i]->index;
    }
    int i = cudart_graph_add(g, w, idx, (int)ndeps);   /* it reallocates g->nodes */
    *out = g->nodes[i];
    free(idx);
    return cudaSuccess;
}

/* cudaKernelNodeParams, cudaMemsetParams, cudaHostNodeParams (driver_types.h) */
typedef struct { const void *func; dim3 grid, block; unsigned shared; void **params; void **extra; } kernel_params;
typedef struct { void *dst; size_t pitch; unsigned value, elem; size_t width, height; } memset_params;
typedef struct { void (*fn)(void *); void *data; } host_params;

static cudaError_t kernel_work(cudart_work *w, const kernel_params *p, const char *call)
{
    if (!p) return cudart_fail(call, cudaErrorInvalidValue, "the parameters are NULL");
    if (p->extra) { cudart_say(call, "kernel arguments through 'extra' are not supported: use kernelParams"); return cudart_ret(cudaErrorNotSupported); }
    const cudart_func *f = cudart_find_func(p->func, call);
    if (!f) return cudart_ret(cudaErrorInvalidDeviceFunction);
    *w = (cudart_work){ .kind = WORK_KERNEL, .f = f, .grid = p->grid, .block = p->block, .shared = p->shared };
    return cudart_pack_args(w, p->params, call) ? cudart_ret(cudaErrorInvalidDeviceFunction) : cudaSuccess;
}

CUDART_API cudaError_t cudaGraphAddKernelNode(struct cudart_node **n, struct cudart_graph *g, struct cudart_node *const *deps, size_t ndeps,
                                              const kernel_params *p)
{
    INIT_OR_FAIL();
    cudart_work w;
    cudaError_t e = kernel_work(&w, p, "cudaGraphAddKernelNode");
    if (e) return e;
    e = add_node(n, g, deps, ndeps, &w, "cudaGraphAddKernelNode");
    cudart_work_free(&w);
    return e;
}

CUDART_API cudaError_t cudaGraphAddMemsetNode(struct cudart_node **n, struct cudart_graph *g, struct cudart_node *const *deps, size_t ndeps,
                                              const memset_params *p)
{
    INIT_OR_FAIL();
    if (!p || (p->elem != 1 && p->elem != 2 && p->elem != 4)) { cudart_say("cudaGraphAddMemsetNode", "elementSize must be 1, 2 or 4"); return cudart_ret(cudaErrorInvalidValue); }
    cudart_work w = { .kind = WORK_MEMSET, .dst = p->dst, .dpitch = p->pitch ? p->pitch : p->width * p->elem,
                      .value = p->value, .elem = p->elem, .width = p->width * p->elem, .height = p->height ? p->height : 1 };
    return add_node(n, g, deps, ndeps, &w, "cudaGraphAddMemsetNode");
}

CUDART_API cudaError_t cudaGraphAddMemcpyNode1D(struct cudart_node **n, struct cudart_graph *g, struct cudart_node *const *deps, size_t ndeps,
                                                void *dst, const void *src, size_t count, int kind)
{
    INIT_OR_FAIL();
    cudart_work w = { .kind = WORK_COPY, .dst = dst, .src = src, .dpitch = count, .spitch = count, .width = count, .height = 1, .copy_kind = kind };
    return add_node(n, g, deps, ndeps, &w, "cudaGraphAddMemcpyNode1D");
}

CUDART_API cudaError_t cudaGraphAddMemcpyNode(struct cudart_node **n, struct cudart_graph *g, struct cudart_node *const *deps, size_t ndeps,
                                              const cudart_copy3d *p)
{
    INIT_OR_FAIL();
    if (!p) return cudart_fail("cudaGraphAddMemcpyNode", cudaErrorInvalidValue, "the parameters are NULL");
    cudart_work w = { .kind = WORK_COPY3D, .p3d = *p };
    return add_node(n, g, deps, ndeps, &w, "cudaGraphAddMemcpyNode");
}

CUDART_API cudaError_t cudaGraphAddHostNode(struct cudart_node **n, struct cudart_graph *g, struct cudart_node *const *deps, size_t ndeps,
                                            const host_params *p)
{
    INIT_OR_FAIL();
    if (!p || !p->fn) { cudart_say("cudaGraphAddHostNode", "no host function"); return cudart_ret(cudaErrorInvalidValue); }
    cudart_work w = { .kind = WORK_HOST, .fn = p->fn, .data = p->data };
    return add_node(n, g, deps, ndeps, &w, "cudaGraphAddHostNode");
}

CUDART_API cudaError_t cudaGraphAddEmptyNode(struct cudart_node **n, struct cudart_graph *g, struct cudart_node *const *deps, size_t ndeps)
{
    INIT_OR_FAIL();
    cudart_work w = { .kind = WORK_EMPTY };
    return add_node(n, g, deps, ndeps, &w, "cudaGraphAddEmptyNode");
}

CUDART_API cudaError_t cudaGraphAddDependencies(struct cudart_graph *g, struct cudart_node *const *from, struct cudart_node *const *to, size_t n)
{
    if (!g || (n && (!from || !to))) return cudart_fail("cudaGraphAddDependencies", cudaErrorInvalidValue, "the graph or an edge list is NULL");
    for (size_t i = 0; i < n; i++) {
        if (!from[i] || !to[i] || from[i]->g != g || to[i]->g != g) {
            cudart_say("cudaGraphAddDependencies", "edge %zu joins a node that is not of this graph", i);
            return cudart_ret(cudaErrorInvalidValue);
        }
        struct cudart_node *t = to[i];
        t->deps = xrealloc(t->deps, sizeof *t->deps * (size_t)(t->ndeps + 1));
        t->deps[t->ndeps++] = from[i]->index;
    }
    return cudaSuccess;
}

/* a child graph: its nodes copied into g (a copy, as CUDA takes), its roots
 * after deps, and an empty node after its leaves standing for the child */
static int inline_graph(struct cudart_graph *g, const struct cudart_graph *child, const int *deps, int ndeps)
{
    int base = g->nnodes, n = child->nnodes, *leaf = xmalloc(sizeof *leaf * (size_t)(n ? n : 1)), nleaf = 0;
    for (int i = 0; i < n; i++) {
        const struct cudart_node *c = child->nodes[i];
        int *d = xmalloc(sizeof *d * (size_t)(c->ndeps ? c->ndeps : 1));
        for (int j = 0; j < c->ndeps; j++) d[j] = base + c->deps[j];
        cudart_graph_add(g, &c->w, c->ndeps ? d : deps, c->ndeps ? c->ndeps : ndeps);
        free(d);
    }
    for (int i = 0; i < n; i++) {   /* the leaves: no node of the child depends on them */
        int used = 0;
        for (int j = 0; j < n && !used; j++)
            for (int k = 0; k < child->nodes[j]->ndeps; k++) used |= child->nodes[j]->deps[k] == i;
        if (!used) leaf[nleaf++] = base + i;
    }
    cudart_work empty = { .kind = WORK_EMPTY };
    int node = cudart_graph_add(g, &empty, n ? leaf : deps, n ? nleaf : ndeps);
    free(leaf);
    return node;
}

CUDART_API cudaError_t cudaGraphAddChildGraphNode(struct cudart_node **out, struct cudart_graph *g, struct cudart_node *const *deps,
                                                  size_t ndeps, const struct cudart_graph *child)
{
    static const char call[] = "cudaGraphAddChildGraphNode";
    INIT_OR_FAIL();
    if (!out || !g || !child || child == g || (ndeps && !deps)) return cudart_fail(call, cudaErrorInvalidValue, "node, graph or child NULL, or the child is the graph");
    int *idx = xmalloc(sizeof *idx * (ndeps ? ndeps : 1));
    for (size_t i = 0; i < ndeps; i++) {
        if (!deps[i] || deps[i]->g != g) { free(idx); return cudart_fail(call, cudaErrorInvalidValue, "dependency %zu is not a node of this graph", i); }
        idx[i] = deps[i]->index;
    }
    int node = inline_graph(g, child, idx, (int)ndeps);
    free(idx);
    *out = g->nodes[node];
    return cudaSuccess;
}

/* an instantiated graph launched into a capture: its work, in its order */
int cudart_graph_add_exec(struct cudart_graph *g, const struct cudart_exec *x, const int *deps, int ndeps)
{
    int last = -1;
    for (int i = 0; i < x->n; i++) {
        last = cudart_graph_add(g, &x->work[i], last < 0 ? deps : &last, last < 0 ? ndeps : 1);
    }
    if (last < 0) {
        cudart_work empty = { .kind = WORK_EMPTY };
        last = cudart_graph_add(g, &empty, deps, ndeps);
    }
    return last;
}

CUDART_API cudaError_t cudaGraphClone(struct cudart_graph **out, const struct cudart_graph *g)
{
    INIT_OR_FAIL();
    if (!out || !g) return cudart_fail("cudaGraphClone", cudaErrorInvalidValue, "the graph or the clone pointer is NULL");
    struct cudart_graph *c = cudart_graph_new();
    for (int i = 0; i < g->nnodes; i++) cudart_graph_add(c, &g->nodes[i]->w, g->nodes[i]->deps, g->nodes[i]->ndeps);
    *out = c;
    return cudaSuccess;
}

/* cudaGraphNodeType: kernel 0, memcpy 1, memset 2, host 3, empty 5 (a child graph is inlined: its node is empty) */
CUDART_API cudaError_t cudaGraphNodeGetType(const struct cudart_node *n, int *type)
{
    static const int types[] = { [WORK_EMPTY] = 5, [WORK_KERNEL] = 0, [WORK_COPY] = 1, [WORK_COPY3D] = 1, [WORK_MEMSET] = 2, [WORK_HOST] = 3 };
    if (!n || !type) return cudart_fail("cudaGraphNodeGetType", cudaErrorInvalidValue, "the node or the type pointer is NULL");
    *type = types[n->w.kind];
    return cudaSuccess;
}

CUDART_API cudaError_t cudaGraphGetNodes(struct cudart_graph *g, struct cudart_node **nodes, size_t *count)
{
    if (!g || !count) return cudart_fail("cudaGraphGetNodes", cudaErrorInvalidValue, "the graph or the count is NULL");
    if (nodes)
        for (size_t i = 0; i < *count && i < (size_t)g->nnodes; i++) nodes[i] = g->nodes[i];
    *count = (size_t)g->nnodes;
    return cudaSuccess;
}

/* ---- instantiation: the work in a topological order (Kahn's) ---- */

static cudaError_t instantiate(struct cudart_exec **out, struct cudart_graph *g, const char *call)
{
    INIT_OR_FAIL();
    if (!out || !g) { cudart_say(call, "graph or exec pointer NULL"); return cudart_ret(cudaErrorInvalidValue); }
    int n = g->nnodes, *waiting = xcalloc((size_t)(n ? n : 1), sizeof *waiting), *order = xmalloc(sizeof *order * (size_t)(n ? n : 1));
    for (int i = 0; i < n; i++) waiting[i] = g->nodes[i]->ndeps;
    int done = 0;
    for (int progress = 1; progress;) {   /* O(n^2 deps): graphs are small */
        progress = 0;
        for (int i = 0; i < n; i++) {
            if (waiting[i] != 0) continue;
            order[done++] = i;
            waiting[i] = -1;
            progress = 1;
            for (int j = 0; j < n; j++)
                for (int d = 0; d < g->nodes[j]->ndeps; d++)
                    if (g->nodes[j]->deps[d] == i) waiting[j]--;
        }
    }
    free(waiting);
    if (done < n) {
        free(order);
        cudart_say(call, "the graph's dependencies form a cycle (%d of its %d nodes are on or after it)", n - done, n);
        return cudart_ret(cudaErrorInvalidValue);
    }
    struct cudart_exec *x = xcalloc(1, sizeof *x);
    x->n = n;
    x->work = xcalloc((size_t)(n ? n : 1), sizeof *x->work);
    x->origin = xcalloc((size_t)(n ? n : 1), sizeof *x->origin);
    for (int i = 0; i < n; i++) { cudart_work_copy(&x->work[i], &g->nodes[order[i]]->w); x->origin[i] = g->nodes[order[i]]; }
    free(order);
    *out = x;
    return cudaSuccess;
}

/* CUDA 11: (exec, graph, error node, log buffer, its size); CUDA 12 and
 * 13: (exec, graph, flags) — the soname says which */
CUDART_API cudaError_t cudaGraphInstantiate(struct cudart_exec **out, struct cudart_graph *g, void *a3, char *log, size_t logsize)
{
    cudaError_t e = instantiate(out, g, "cudaGraphInstantiate");
    if (cudart_major < 12) {
        if (a3) *(void **)a3 = NULL;
        if (log && logsize) snprintf(log, logsize, "%s", e ? "cycle in the graph (warpsim)" : "");
    }
    return e;
}
CUDART_API cudaError_t cudaGraphInstantiateWithFlags(struct cudart_exec **out, struct cudart_graph *g, unsigned long long flags)
{
    (void)flags;   /* auto-free on launch, upload, device launch, priority: nothing to do in order */
    return instantiate(out, g, "cudaGraphInstantiateWithFlags");
}

/* CUDA 12's cudaGraphInstantiateParams: flags, upload stream, error node and result out */
typedef struct { unsigned long long flags; cudaStream_t upload; void *err_node; int result; } instantiate_params;
CUDART_API cudaError_t cudaGraphInstantiateWithParams(struct cudart_exec **out, struct cudart_graph *g, instantiate_params *p)
{
    cudaError_t e = instantiate(out, g, "cudaGraphInstantiateWithParams");
    if (p) { p->err_node = NULL; p->result = e ? 1 : 0; }   /* cudaGraphInstantiateError, Success */
    return e;
}
CUDART_API cudaError_t cudaGraphInstantiateWithParams_ptsz(struct cudart_exec **out, struct cudart_graph *g, instantiate_params *p)
{
    return cudaGraphInstantiateWithParams(out, g, p);
}

CUDART_API cudaError_t cudaGraphExecDestroy(struct cudart_exec *x)
{
    if (!x) return cudart_fail("cudaGraphExecDestroy", cudaErrorInvalidValue, "the graph exec is NULL");
    for (int i = 0; i < x->n; i++) cudart_work_free(&x->work[i]);
    free(x->work);
    free(x->origin);
    free(x);
    return cudaSuccess;
}

CUDART_API cudaError_t cudaGraphLaunch(struct cudart_exec *x, cudaStream_t s)
{
    static const char call[] = "cudaGraphLaunch";
    INIT_OR_FAIL();
    if (!x) { cudart_say(call, "the graph exec is NULL"); return cudart_ret(cudaErrorInvalidValue); }
    int bad;
    struct cudart_stream *st = cudart_stream_of(s, &bad);
    if (bad) return cudart_fail(call, cudaErrorInvalidResourceHandle, "%p is not a stream of cudaStreamCreate (or was destroyed)", (void *)s);
    if (st && st->capture) {   /* captured: its work becomes nodes of the capture */
        st->deps[0] = cudart_graph_add_exec(st->capture, x, st->deps, st->ndeps);
        st->ndeps = 1;
        return cudaSuccess;
    }
    for (int i = 0; i < x->n; i++) {
        cudaError_t e = cudart_work_run(&x->work[i], call);
        if (e) return e;
    }
    return cudaSuccess;
}
CUDART_API cudaError_t cudaGraphLaunch_ptsz(struct cudart_exec *x, cudaStream_t s) { return cudaGraphLaunch(x, s); }
CUDART_API cudaError_t cudaGraphUpload(struct cudart_exec *x, cudaStream_t s) { (void)s; return x ? cudaSuccess : cudart_ret(cudaErrorInvalidValue); }

CUDART_API cudaError_t cudaGraphExecKernelNodeSetParams(struct cudart_exec *x, const struct cudart_node *n, const kernel_params *p)
{
    static const char call[] = "cudaGraphExecKernelNodeSetParams";
    INIT_OR_FAIL();
    if (!x || !n) return cudart_fail(call, cudaErrorInvalidValue, "the graph exec or the node is NULL");
    for (int i = 0; i < x->n; i++) {
        if (x->origin[i] != n) continue;
        if (x->work[i].kind != WORK_KERNEL) { cudart_say(call, "the node is not a kernel node"); return cudart_ret(cudaErrorInvalidValue); }
        cudart_work w;
        cudaError_t e = kernel_work(&w, p, call);
        if (e) return e;
        cudart_work_free(&x->work[i]);
        x->work[i] = w;
        return cudaSuccess;
    }
    cudart_say(call, "the node is not one of the instantiated graph's");
    return cudart_ret(cudaErrorInvalidValue);
}

CUDART_API cudaError_t cudaGraphKernelNodeSetParams(struct cudart_node *n, const kernel_params *p)
{
    INIT_OR_FAIL();
    if (!n || n->w.kind != WORK_KERNEL) return cudart_fail("cudaGraphKernelNodeSetParams", cudaErrorInvalidValue, "the node is NULL or not a kernel node");
    cudart_work w;
    cudaError_t e = kernel_work(&w, p, "cudaGraphKernelNodeSetParams");
    if (e) return e;
    cudart_work_free(&n->w);
    n->w = w;
    return cudaSuccess;
}
