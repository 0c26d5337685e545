/* sim/config/config_opcode.h — per-opcode timing overrides: "opcode.MNEMONIC.field"
 * keys for the few instructions a GPU runs differently from the rest of its
 * unit class (GT200 emulates a 32-bit IMUL with 4 native instructions and
 * also multiplies on its SFUs). Stored in config; read by timing. */
#ifndef WARPSIM_CONFIG_OPCODE_H
#define WARPSIM_CONFIG_OPCODE_H
#include <stddef.h>

/* the fields: one row per per-opcode key */
#define OPCODE_FIELDS(X) \
    X(expand,   1, 1, 64, "native instructions the opcode runs as on this GPU: N dependent passes, N x the unit's latency and occupancy (W10: GT200's 32-bit IMUL is 4)") \
    X(alt_unit, -1, -1, 8, "a second unit class that also executes the opcode, used when its own class is busy (W10: GT200's SFUs also multiply); none by default") \
    X(latency,  0, 0, 10000, "the opcode's own latency in cycles, in place of its unit class's (0: the unit's); the H100 runs IADD3 in 2 cycles and IMAD in 4 (validation/h100)") \
    X(interval, 0, 0, 10000, "cycles the opcode keeps its unit busy per warp instruction, in place of the unit's interval x passes (0: the unit's); the tensor-core forms differ by their work (validation/tensor-h100)")

#define OPCODE_NFIELDS 4   /* the rows of OPCODE_FIELDS */

typedef struct config config;
/* "opcode.IMUL.expand" = "4": 1 when name is not an opcode key, 0 when
 * stored, -1 on a bad mnemonic or field, -2 on a bad value (msg says why) */
int config_opcode_assign(config *c, const char *name, const char *value, const char *origin,
                         char *msg, size_t msglen);
/* the keys set away from their defaults, one "name = value  # origin" line each */
void config_opcode_show(const config *c, void (*line)(const char *name, const char *value, const char *origin));
/* rows of the docs/config.md table for the fields */
void config_opcode_docs(void);

#endif
