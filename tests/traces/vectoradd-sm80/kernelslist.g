MemcpyHtoD,0x00007fb0fc400000,200000
MemcpyHtoD,0x00007fb0fc430e00,200000
kernel-1.traceg.xz
