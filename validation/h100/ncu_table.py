#!/usr/bin/env python3
"""validation/h100/ncu_table.py RAW/seeds_ncu.csv — one line per profiled
launch: index, kernel, grid, sm__cycles_elapsed.max (the kernel's cycles
on the busiest SM clock), gpu__time_duration (ns)."""
import csv, sys
rows = {}
for r in csv.reader(open(sys.argv[1])):
    if len(r) < 15 or r[0] == 'ID':
        continue
    rows.setdefault((int(r[0]), r[4].split('(')[0], r[8]), {})[r[12]] = r[14].replace(',', '')
for (i, name, grid), m in sorted(rows.items()):
    print(i, name, grid.replace(' ', ''), m.get('sm__cycles_elapsed.max'), m.get('gpu__time_duration.sum'))
