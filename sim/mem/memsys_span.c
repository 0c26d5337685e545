/* sim/mem/memsys_span.c — the memory side of a window in which SMs issued,
 * as a span: every L2 slice with its DRAM channel runs the window's cycles
 * apart (on any thread), then the interconnect's injection of those cycles
 * is replayed and the slices' responses are handed on in the one-cycle
 * order (memsys.h). */
#include "memsys_impl.h"
#include "util/xalloc.h"

static void span_grow(memsys *m, int len)
{
    if (len <= m->span_cap) return;   /* the first window's length: once per run */
    m->span_cap = len;
    m->span_dram_now = xrealloc(m->span_dram_now, (size_t)len * sizeof *m->span_dram_now);
    m->span_dram = xrealloc(m->span_dram, (size_t)len);
    m->span_l2 = xrealloc(m->span_l2, (size_t)len);
    m->span_tick0 = xrealloc(m->span_tick0, (size_t)len * sizeof *m->span_tick0);
}

int memsys_span_begin(memsys *m, uint64_t from, uint64_t to)
{
    uint64_t core = (uint64_t)m->p.core_clock, len = to - from;
    if (len < 1 || len > (uint64_t)m->p.icnt.latency) return 0;
    uint64_t ticks = (m->l2_acc + len * (uint64_t)m->p.l2_clock) / core;
    if (ticks > 255 * len) return 0;
    span_grow(m, (int)len);
    m->span_from = from;
    m->span_len = (int)len;
    m->span_ticks = 0;
    for (int i = 0; i < m->span_len; i++) {
        int n = 0;
        m->span_dram_now[i] = m->dram_now;
        for (m->dram_acc += (uint64_t)m->p.dram_clock; m->dram_acc >= core; m->dram_acc -= core, n++) m->dram_now++;
        m->span_dram[i] = (uint8_t)n;
        m->span_tick0[i] = m->span_ticks;
        n = 0;
        for (m->l2_acc += (uint64_t)m->p.l2_clock; m->l2_acc >= core; m->l2_acc -= core) n++;
        m->span_l2[i] = (uint8_t)n;
        m->span_ticks += n;
    }
    return 1;
}

int memsys_slices(const memsys *m) { return m->p.slices; }

/* an idle channel's tick (nothing queued) does nothing but its refreshes,
 * which the next busy tick catches up the same way, and clear a write
 * drain: one draining still ticks */
static int dram_idle(const memsys *m, int s)
{
    return !dram_busy(m->ch[s]) && dram_direction(m->ch[s]) != 1;
}

/* a request is on its way to slice s (UINT64_MAX: the cycle an empty list names) */
static int any_request(memsys *m, int s) { return icnt_request(m->net, s, UINT64_MAX - 1) != NULL; }

/* slice s's DRAM cycles of span cycle i */
static void span_dram(memsys *m, int s, int i, uint64_t now)
{
    int n = m->span_dram[i];
    if (!n) return;
    if (dram_idle(m, s)) return;
    for (int k = 0; k < n; k++) dram_cycle(m, s, now, m->span_dram_now[i] + (uint64_t)k);
}

/* No request injected in the span reaches a slice within it (it is no
 * longer than the wire), so the requests on the way to slice s when it
 * begins are all it can take: while none is and its channel is idle, the
 * slice has nothing to do before its next fill (an L2 cycle with no fill due
 * and no request arrived does nothing: l2_cycle), and it skips to that
 * fill's cycle, or past the span's end. The ticks it takes requests in are
 * kept for the injection's replay (memsys_span_end). */
void memsys_span_slice(memsys *m, int s)
{
    slice_ctx *c = &m->sctx[s];
    l2_slice *sl = m->slice[s];
    uint64_t from = m->span_from, last = from + (uint64_t)m->span_len;
    int queued = any_request(m, s);
    c->nheld = c->taken = c->ntook = 0;
    for (int i = 0; i < m->span_len; i++) {
        uint64_t now = from + 1 + (uint64_t)i;
        if (!queued && l2_next_event(sl) > now && dram_idle(m, s)) {
            now = l2_next_event(sl);
            if (now > last) break;
            i = (int)(now - from - 1);
        }
        c->tick = m->span_tick0[i];
        span_dram(m, s, i, now);
        if (!queued) {
            /* fills only: the cycle's first L2 tick serves every one due,
             * its later ticks find none */
            if (m->span_l2[i] && l2_next_event(sl) <= now) l2_tick(sl, now);
            continue;
        }
        for (int k = 0; k < m->span_l2[i]; k++, c->tick++) {
            /* the last request taken: the cycle's later ticks serve fills only */
            if (!queued) { if (l2_next_event(sl) <= now) l2_tick(sl, now); }
            else if (l2_cycle(m, s, now)) {
                if (c->ntook == c->tookcap) {   /* grows to the span's ticks, once or twice per run */
                    c->tookcap = c->tookcap ? 2 * c->tookcap : 64;
                    c->took = xrealloc(c->took, (size_t)c->tookcap * sizeof *c->took);
                }
                c->took[c->ntook++] = c->tick;
                queued = any_request(m, s);
            }
        }
    }
    c->tick = -1;
}

/* the span's injection, tick by tick as memsys_tick_mem runs it after the
 * slices' cycles: a slice's input holds then the requests it takes at
 * later ticks besides those on its wire (icnt_later) */
static void span_inject(memsys *m)
{
    int n = 0;   /* the slices that took any: the others' room does not change */
    for (int s = 0; s < m->p.slices; s++) {
        m->sctx[s].replayed = 0;
        icnt_later(m->net, s, m->sctx[s].ntook);
        if (m->sctx[s].ntook) m->span_took[n++] = s;
    }
    for (int i = 0, t = 0; i < m->span_len; i++)
        for (int k = 0; k < m->span_l2[i]; k++, t++) {
            for (int j = 0; j < n; j++) {
                int s = m->span_took[j];
                slice_ctx *c = &m->sctx[s];
                int before = c->replayed;
                while (c->replayed < c->ntook && c->took[c->replayed] == t) c->replayed++;
                if (c->replayed != before) icnt_later(m->net, s, c->ntook - c->replayed);
            }
            net_tick(m, m->span_from + 1 + (uint64_t)i);
        }
    for (int j = 0; j < n; j++) icnt_later(m->net, m->span_took[j], 0);
}

void memsys_span_end(memsys *m)
{
    span_inject(m);
    /* the one-cycle order: by L2 tick, then by slice, then as sent (the
     * slices that sent none left out) */
    int n = 0;
    for (int s = 0; s < m->p.slices; s++)
        if (m->sctx[s].nheld) m->span_held[n++] = s;
    for (int t = 0; t < m->span_ticks && n; t++)
        for (int k = 0; k < n; k++) {
            slice_ctx *c = &m->sctx[m->span_held[k]];
            for (; c->taken < c->nheld && c->held[c->taken].tick == t; c->taken++)
                deliver(m, &c->held[c->taken].m, c->held[c->taken].at);
        }
}
