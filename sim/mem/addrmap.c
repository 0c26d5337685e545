/* sim/mem/addrmap.c — the address-map table (sim/mem/address_maps.def). */
#include "addrmap.h"

#define ADDR_MAP(name, doc) extern const addr_map addr_map_##name;
#include "address_maps.def"
#undef ADDR_MAP

static const addr_map *const maps[] = {
#define ADDR_MAP(name, doc) &addr_map_##name,
#include "address_maps.def"
#undef ADDR_MAP
};
#define NMAPS ((int)(sizeof maps / sizeof maps[0]))

const addr_map *addr_map_at(int i) { return i >= 0 && i < NMAPS ? maps[i] : maps[0]; }
int addr_map_count(void) { return NMAPS; }
