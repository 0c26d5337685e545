/* sim/cuda/cudart_stream.c — the stand-in libcudart's streams: an ordered
 * timeline, every call complete before it returns (kernels of different
 * streams never overlap: docs/cuda-programs.md), so work is run where it is
 * enqueued — unless its stream is capturing, when it becomes a node of the
 * capture's graph (cudart_graph.c), after the nodes the stream's last work
 * and the events it waited for made. Host functions and callbacks run in
 * stream order, at once. */
#include "cudart.h"
#include "util/xalloc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define INIT_OR_FAIL() do { if (cudart_init()) return cudart_ret(cudaErrorInitializationError); } while (0)
#define STREAM_MAGIC 0x5354524du

/* every stream the program created (captures end by detaching the streams
 * that joined them) */
static struct cudart_stream **streams;
static int nstreams;

struct cudart_stream *cudart_stream_of(cudaStream_t s, int *bad)
{
    *bad = 0;
    if (!s || s == (cudaStream_t)1 || s == (cudaStream_t)2) return NULL;   /* 0, cudaStreamLegacy, cudaStreamPerThread */
    for (int i = 0; i < nstreams; i++)
        if (streams[i] == s) return streams[i];
    *bad = 1;
    return NULL;
}

#define STREAM_OR_FAIL(var, s, call) \
    int bad_; struct cudart_stream *var = cudart_stream_of(s, &bad_); \
    if (bad_) { cudart_say(call, "%p is not a stream of cudaStreamCreate (or was destroyed)", (void *)s); \
                return cudart_ret(cudaErrorInvalidResourceHandle); }

static cudaError_t stream_new(cudaStream_t *s, unsigned flags, int priority, const char *call)
{
    INIT_OR_FAIL();
    if (!s) { cudart_say(call, "the stream pointer is NULL"); return cudart_ret(cudaErrorInvalidValue); }
    if (flags > 1) { cudart_say(call, "flags 0x%x: cudaStreamDefault (0) or cudaStreamNonBlocking (1)", flags); return cudart_ret(cudaErrorInvalidValue); }
    struct cudart_stream *st = xcalloc(1, sizeof *st);
    st->magic = STREAM_MAGIC;
    st->flags = flags;
    st->priority = priority > 0 ? 0 : priority < -5 ? -5 : priority;   /* clamped to cudaDeviceGetStreamPriorityRange's */
    streams = xrealloc(streams, sizeof *streams * (size_t)(nstreams + 1));
    streams[nstreams++] = st;
    *s = st;
    return cudaSuccess;
}
CUDART_API cudaError_t cudaStreamCreate(cudaStream_t *s) { return stream_new(s, 0, 0, "cudaStreamCreate"); }
CUDART_API cudaError_t cudaStreamCreateWithFlags(cudaStream_t *s, unsigned flags) { return stream_new(s, flags, 0, "cudaStreamCreateWithFlags"); }
CUDART_API cudaError_t cudaStreamCreateWithPriority(cudaStream_t *s, unsigned flags, int prio) { return stream_new(s, flags, prio, "cudaStreamCreateWithPriority"); }
CUDART_API cudaError_t cudaStreamDestroy(cudaStream_t s)
{
    STREAM_OR_FAIL(st, s, "cudaStreamDestroy");
    if (!st) return cudaSuccess;
    for (int i = 0; i < nstreams; i++)
        if (streams[i] == st) { streams[i] = streams[--nstreams]; break; }
    st->magic = 0;
    free(st);
    return cudaSuccess;
}
CUDART_API cudaError_t cudaStreamGetPriority(cudaStream_t s, int *prio)
{
    STREAM_OR_FAIL(st, s, "cudaStreamGetPriority");
    if (!prio) return cudart_fail("cudaStreamGetPriority", cudaErrorInvalidValue, "the priority pointer is NULL");
    *prio = st ? st->priority : 0;
    return cudaSuccess;
}
CUDART_API cudaError_t cudaStreamGetFlags(cudaStream_t s, unsigned *flags)
{
    STREAM_OR_FAIL(st, s, "cudaStreamGetFlags");
    if (!flags) return cudart_fail("cudaStreamGetFlags", cudaErrorInvalidValue, "the flags pointer is NULL");
    *flags = st ? st->flags : 0;
    return cudaSuccess;
}
CUDART_API cudaError_t cudaStreamGetPriority_ptsz(cudaStream_t s, int *p) { return cudaStreamGetPriority(s, p); }
CUDART_API cudaError_t cudaStreamGetFlags_ptsz(cudaStream_t s, unsigned *f) { return cudaStreamGetFlags(s, f); }

/* a synchronising call on a capturing stream ends the capture in error, as CUDA's does */
static cudaError_t sync_stream(cudaStream_t s, const char *call)
{
    INIT_OR_FAIL();
    STREAM_OR_FAIL(st, s, call);
    if (st && st->capture) {
        cudart_say(call, "the stream is capturing (cudaStreamBeginCapture): end the capture first");
        return cudart_ret(cudaErrorStreamCaptureUnsupported);
    }
    cudart_printf_flush();   /* one of the driver's printf points */
    return cudart_ret(cudart.sticky_error);
}
CUDART_API cudaError_t cudaStreamSynchronize(cudaStream_t s) { return sync_stream(s, "cudaStreamSynchronize"); }
CUDART_API cudaError_t cudaStreamQuery(cudaStream_t s) { return sync_stream(s, "cudaStreamQuery"); }
CUDART_API cudaError_t cudaStreamSynchronize_ptsz(cudaStream_t s) { return sync_stream(s, "cudaStreamSynchronize"); }
CUDART_API cudaError_t cudaStreamQuery_ptsz(cudaStream_t s) { return sync_stream(s, "cudaStreamQuery"); }

/* ---- work: run now, or a node of the stream's capture ---- */

cudaError_t cudart_enqueue(cudaStream_t s, const cudart_work *w, const char *call)
{
    INIT_OR_FAIL();
    STREAM_OR_FAIL(st, s, call);
    if (!st || !st->capture) return cudart_work_run(w, call);
    int node = cudart_graph_add(st->capture, w, st->deps, st->ndeps);
    st->ndeps = 1;
    st->deps[0] = node;
    return cudaSuccess;
}

int cudart_pack_args(cudart_work *w, void **args, const char *call)
{
    const isa_kernel *k = cudart_kernel_of((cudart_func *)w->f, call);
    if (!k) return -1;
    if (k->nparams < 0) { cudart_say(call, "kernel %s: its parameters' sizes are unknown (no ELF listing)", w->f->name); return -1; }
    size_t n = 0;
    for (int i = 0; i < k->nparams; i++) n += k->params[i].size;
    w->args = xmalloc(n ? n : 1);
    w->nargs = k->nparams;
    n = 0;
    for (int i = 0; i < k->nparams; i++) {
        if (!args || !args[i]) { cudart_say(call, "kernel %s: argument %d is NULL", w->f->name, i); free(w->args); w->args = NULL; return -1; }
        memcpy(w->args + n, args[i], k->params[i].size);
        n += k->params[i].size;
    }
    return 0;
}

cudaError_t cudart_enqueue_launch(const cudart_func *f, dim3 grid, dim3 block, void **args, size_t shared, cudaStream_t s,
                                  int cooperative, const char *call)
{
    INIT_OR_FAIL();
    STREAM_OR_FAIL(st, s, call);
    if (!st || !st->capture) return cudart_launch_as(f, grid, block, args, shared, cooperative, call);
    cudart_work w = { .kind = WORK_KERNEL, .f = f, .grid = grid, .block = block, .shared = shared, .cooperative = cooperative };
    if (cudart_pack_args(&w, args, call)) return cudart_ret(cudaErrorInvalidDeviceFunction);
    cudaError_t e = cudart_enqueue(s, &w, call);
    cudart_work_free(&w);
    return e;
}

void cudart_work_copy(cudart_work *to, const cudart_work *from)
{
    *to = *from;
    if (from->kind != WORK_KERNEL || !from->args) return;
    const isa_kernel *k = from->f->k;
    size_t n = 0;
    for (int i = 0; k && i < k->nparams; i++) n += k->params[i].size;
    to->args = xmalloc(n ? n : 1);
    memcpy(to->args, from->args, n);
}

void cudart_work_free(cudart_work *w)
{
    if (w->kind == WORK_KERNEL) free(w->args);
    w->args = NULL;
}

static cudaError_t run_kernel(const cudart_work *w, const char *call)
{
    const isa_kernel *k = cudart_kernel_of((cudart_func *)w->f, call);
    if (!k) return cudart_ret(cudaErrorInvalidDeviceFunction);
    void *ptrs[64];
    if (w->nargs > 64) { cudart_say(call, "kernel %s: more than 64 parameters", w->f->name); return cudart_ret(cudaErrorInvalidValue); }
    size_t n = 0;
    for (int i = 0; i < w->nargs; i++) { ptrs[i] = w->args + n; n += k->params[i].size; }
    return cudart_launch_as(w->f, w->grid, w->block, ptrs, w->shared, w->cooperative, call);
}

cudaError_t cudart_work_run(const cudart_work *w, const char *call)
{
    switch (w->kind) {
    case WORK_KERNEL: return run_kernel(w, call);
    case WORK_COPY: return cudart_memcpy2d(call, w->dst, w->dpitch, w->src, w->spitch, w->width, w->height, w->copy_kind);
    case WORK_COPY3D: return cudart_memcpy3d(call, &w->p3d);
    case WORK_MEMSET: return cudart_memset2d(call, w->dst, w->dpitch, w->value, w->elem, w->width, w->height);
    case WORK_HOST: w->fn(w->data); return cudaSuccess;
    default: return cudaSuccess;
    }
}

/* ---- host functions: run in stream order, which is now ---- */

CUDART_API cudaError_t cudaLaunchHostFunc(cudaStream_t s, void (*fn)(void *), void *data)
{
    if (!fn) { cudart_say("cudaLaunchHostFunc", "the function is NULL"); return cudart_ret(cudaErrorInvalidValue); }
    cudart_work w = { .kind = WORK_HOST, .fn = fn, .data = data };
    return cudart_enqueue(s, &w, "cudaLaunchHostFunc");
}
CUDART_API cudaError_t cudaLaunchHostFunc_ptsz(cudaStream_t s, void (*fn)(void *), void *data) { return cudaLaunchHostFunc(s, fn, data); }

CUDART_API cudaError_t cudaStreamAddCallback(cudaStream_t s, void (*cb)(cudaStream_t, cudaError_t, void *), void *data, unsigned flags)
{
    static const char call[] = "cudaStreamAddCallback";
    INIT_OR_FAIL();
    STREAM_OR_FAIL(st, s, call);
    if (!cb || flags) { cudart_say(call, "the callback is NULL or flags are not 0"); return cudart_ret(cudaErrorInvalidValue); }
    if (st && st->capture) {
        cudart_say(call, "callbacks cannot be captured (as in CUDA): use cudaLaunchHostFunc");
        return cudart_ret(cudaErrorStreamCaptureUnsupported);
    }
    cb(s, cudart.sticky_error, data);
    return cudaSuccess;
}
CUDART_API cudaError_t cudaStreamAddCallback_ptsz(cudaStream_t s, void (*cb)(cudaStream_t, cudaError_t, void *), void *data, unsigned flags)
{
    return cudaStreamAddCallback(s, cb, data, flags);
}

/* ---- events: simulated time; in a capture, where other streams join ---- */

CUDART_API cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t s)
{
    STREAM_OR_FAIL(st, s, "cudaEventRecord");
    if (!e) return cudart_fail("cudaEventRecord", cudaErrorInvalidResourceHandle, "the event is NULL");
    e->capture = st ? st->capture : NULL;
    if (e->capture) {
        e->ndeps = st->ndeps;
        memcpy(e->deps, st->deps, sizeof e->deps);
        return cudaSuccess;
    }
    e->ms = cudart.now_ms;   /* simulated: the launches' cycles so far at the config's clock */
    e->recorded = 1;
    return cudaSuccess;
}
CUDART_API cudaError_t cudaEventRecordWithFlags(cudaEvent_t e, cudaStream_t s, unsigned flags)
{
    if (flags > 1) { cudart_say("cudaEventRecordWithFlags", "flags 0x%x: cudaEventRecordDefault or cudaEventRecordExternal", flags); return cudart_ret(cudaErrorInvalidValue); }
    return cudaEventRecord(e, s);
}
CUDART_API cudaError_t cudaEventRecord_ptsz(cudaEvent_t e, cudaStream_t s) { return cudaEventRecord(e, s); }
CUDART_API cudaError_t cudaEventRecordWithFlags_ptsz(cudaEvent_t e, cudaStream_t s, unsigned f) { return cudaEventRecordWithFlags(e, s, f); }

/* waiting for an event recorded in a capture joins the capture (fork) or
 * adds its nodes to what the stream's next work depends on (join) */
CUDART_API cudaError_t cudaStreamWaitEvent(cudaStream_t s, cudaEvent_t e, unsigned flags)
{
    (void)flags;
    STREAM_OR_FAIL(st, s, "cudaStreamWaitEvent");
    if (!e) return cudart_fail("cudaStreamWaitEvent", cudaErrorInvalidResourceHandle, "the event is NULL");
    if (!e->capture) return cudaSuccess;
    if (!st) { cudart_say("cudaStreamWaitEvent", "the default stream cannot join a capture"); return cudart_ret(cudaErrorStreamCaptureUnsupported); }
    if (!st->capture) { st->capture = e->capture; st->ndeps = 0; }
    for (int i = 0; i < e->ndeps && st->ndeps < 16; i++) st->deps[st->ndeps++] = e->deps[i];
    return cudaSuccess;
}
CUDART_API cudaError_t cudaStreamWaitEvent_ptsz(cudaStream_t s, cudaEvent_t e, unsigned f) { return cudaStreamWaitEvent(s, e, f); }

/* ---- capture ---- */

struct cudart_graph *cudart_graph_new(void);

CUDART_API cudaError_t cudaStreamBeginCapture(cudaStream_t s, int mode)
{
    static const char call[] = "cudaStreamBeginCapture";
    static unsigned long long ids;
    INIT_OR_FAIL();
    STREAM_OR_FAIL(st, s, call);
    if (!st) { cudart_say(call, "the default stream cannot be captured (as in CUDA): capture a stream of cudaStreamCreate"); return cudart_ret(cudaErrorStreamCaptureUnsupported); }
    if (mode < 0 || mode > 2) { cudart_say(call, "%d is not a cudaStreamCaptureMode", mode); return cudart_ret(cudaErrorInvalidValue); }
    if (st->capture) { cudart_say(call, "the stream is capturing already"); return cudart_ret(cudaErrorIllegalState); }
    st->capture = cudart_graph_new();
    st->capture_id = ++ids;
    st->ndeps = 0;
    return cudaSuccess;
}
CUDART_API cudaError_t cudaStreamBeginCapture_ptsz(cudaStream_t s, int mode) { return cudaStreamBeginCapture(s, mode); }

CUDART_API cudaError_t cudaStreamEndCapture(cudaStream_t s, struct cudart_graph **graph)
{
    static const char call[] = "cudaStreamEndCapture";
    STREAM_OR_FAIL(st, s, call);
    if (!graph) return cudart_fail(call, cudaErrorInvalidValue, "the graph pointer is NULL");
    if (!st || !st->capture) { cudart_say(call, "the stream is not capturing"); return cudart_ret(cudaErrorIllegalState); }
    if (!st->capture_id) {
        cudart_say(call, "the stream joined a capture another stream began: end it on that stream");
        return cudart_ret(cudaErrorStreamCaptureUnmatched);
    }
    *graph = st->capture;
    for (int i = 0; i < nstreams; i++)   /* the streams that joined it leave */
        if (streams[i]->capture == st->capture) { streams[i]->capture = NULL; streams[i]->ndeps = 0; }
    st->capture_id = 0;
    return cudaSuccess;
}
CUDART_API cudaError_t cudaStreamEndCapture_ptsz(cudaStream_t s, struct cudart_graph **g) { return cudaStreamEndCapture(s, g); }

CUDART_API cudaError_t cudaStreamIsCapturing(cudaStream_t s, int *status)
{
    STREAM_OR_FAIL(st, s, "cudaStreamIsCapturing");
    if (!status) return cudart_fail("cudaStreamIsCapturing", cudaErrorInvalidValue, "the status pointer is NULL");
    *status = st && st->capture ? 1 : 0;   /* cudaStreamCaptureStatusActive, None */
    return cudaSuccess;
}
CUDART_API cudaError_t cudaStreamIsCapturing_ptsz(cudaStream_t s, int *status) { return cudaStreamIsCapturing(s, status); }

/* the capturing stream of a joined one: its id */
static unsigned long long capture_id_of(const struct cudart_stream *st)
{
    for (int i = 0; st && st->capture && i < nstreams; i++)
        if (streams[i]->capture == st->capture && streams[i]->capture_id) return streams[i]->capture_id;
    return 0;
}

/* the nodes the stream's next work will depend on, as handles (valid until
 * the stream's next call, as CUDA's are) */
static const void *const *dep_handles(struct cudart_stream *st, size_t *count)
{
    *count = 0;
    if (!st || !st->capture) return NULL;
    for (int i = 0; i < st->ndeps; i++) st->dep_nodes[i] = cudart_graph_node(st->capture, st->deps[i]);
    *count = (size_t)st->ndeps;
    return (const void *const *)st->dep_nodes;
}

/* _v2 (CUDA 11.3+): status, id, graph, dependencies and their count */
CUDART_API cudaError_t cudaStreamGetCaptureInfo_v2(cudaStream_t s, int *status, unsigned long long *id, struct cudart_graph **graph,
                                                   const void *const **deps, size_t *count)
{
    STREAM_OR_FAIL(st, s, "cudaStreamGetCaptureInfo");
    if (!status) return cudart_fail("cudaStreamGetCaptureInfo", cudaErrorInvalidValue, "the status pointer is NULL");
    *status = st && st->capture ? 1 : 0;
    if (id) *id = capture_id_of(st);
    if (graph) *graph = st ? st->capture : NULL;
    size_t n;
    const void *const *h = dep_handles(st, &n);
    if (deps) *deps = h;
    if (count) *count = n;
    return cudaSuccess;
}

/* CUDA 11's (stream, status, id); 12's is _v2's; 13's puts edge data
 * before the count */
CUDART_API cudaError_t cudaStreamGetCaptureInfo(cudaStream_t s, int *status, unsigned long long *id, struct cudart_graph **graph,
                                                const void *const **deps, void *a6, void *a7)
{
    if (cudart_major < 12) return cudaStreamGetCaptureInfo_v2(s, status, id, NULL, NULL, NULL);
    if (cudart_major == 12) return cudaStreamGetCaptureInfo_v2(s, status, id, graph, deps, a6);
    if (a6) *(const void **)a6 = NULL;
    return cudaStreamGetCaptureInfo_v2(s, status, id, graph, deps, a7);
}

/* the nodes the next work depends on: added to (flags 0) or replaced (1) */
static cudaError_t update_deps(cudaStream_t s, const void *const *nodes, size_t n, unsigned flags)
{
    static const char call[] = "cudaStreamUpdateCaptureDependencies";
    STREAM_OR_FAIL(st, s, call);
    if (!st || !st->capture) return cudart_fail(call, cudaErrorIllegalState, "the stream is not capturing");
    if (flags > 1 || (n && !nodes)) return cudart_fail(call, cudaErrorInvalidValue, "flags %u or nodes NULL", flags);
    int deps[16], nd = flags ? 0 : st->ndeps;
    memcpy(deps, st->deps, sizeof deps);
    for (size_t i = 0; i < n; i++) {
        int idx = cudart_graph_index(st->capture, nodes[i]);
        if (idx < 0) return cudart_fail(call, cudaErrorInvalidValue, "node %zu is not of the capture's graph", i);
        if (nd == 16) return cudart_fail(call, cudaErrorNotSupported, "more than 16 dependencies");
        deps[nd++] = idx;
    }
    memcpy(st->deps, deps, sizeof deps);
    st->ndeps = nd;
    return cudaSuccess;
}
/* CUDA 11.3 to 12: (stream, nodes, count, flags); 13: (stream, nodes, edge data, count, flags) */
CUDART_API cudaError_t cudaStreamUpdateCaptureDependencies(cudaStream_t s, const void *const *nodes, uintptr_t a3, uintptr_t a4, uintptr_t a5)
{
    if (cudart_major >= 13) return update_deps(s, nodes, (size_t)a4, (unsigned)a5);
    return update_deps(s, nodes, (size_t)a3, (unsigned)a4);
}
CUDART_API cudaError_t cudaStreamUpdateCaptureDependencies_ptsz(cudaStream_t s, const void *const *nodes, uintptr_t a3, uintptr_t a4, uintptr_t a5)
{
    return cudaStreamUpdateCaptureDependencies(s, nodes, a3, a4, a5);
}
/* CUDA 12.3+: with edge data (the default edges only: ignored) */
CUDART_API cudaError_t cudaStreamUpdateCaptureDependencies_v2(cudaStream_t s, const void *const *nodes, const void *edges, size_t n, unsigned flags)
{
    (void)edges;
    return update_deps(s, nodes, n, flags);
}
CUDART_API cudaError_t cudaStreamUpdateCaptureDependencies_v2_ptsz(cudaStream_t s, const void *const *nodes, const void *edges, size_t n, unsigned flags)
{
    return cudaStreamUpdateCaptureDependencies_v2(s, nodes, edges, n, flags);
}

CUDART_API cudaError_t cudaThreadExchangeStreamCaptureMode(int *mode)
{
    if (!mode || *mode < 0 || *mode > 2) return cudart_fail("cudaThreadExchangeStreamCaptureMode", cudaErrorInvalidValue, "mode is NULL or not a cudaStreamCaptureMode");
    static int current;
    int old = current;
    current = *mode;
    *mode = old;
    return cudaSuccess;
}
