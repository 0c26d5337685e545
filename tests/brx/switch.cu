// switch.cu — a switch nvcc compiles to jump tables: LDC R6, c[0x2][R0+off]
// (the table, kernel-relative addresses in .nv.constant2) then BRX R6 -next;
// the lanes of a warp take up to 25 ways. Dumped with CUDA 11.8:
//   PATH=/usr/bin:$PATH nvcc -ccbin clang-14 -arch=sm_80 -cubin -O3 -o sw.cubin switch.cu
//   cuobjdump -sass sw.cubin > switch.sm_80.sass; cuobjdump -elf sw.cubin > switch.sm_80.elf.txt
extern "C" __global__ void sw(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int v = in[i];
    switch (v) {
    case 0: out[i] = in[i + 0] * 3 + 0; break;
    case 1: out[i] = in[i + 1] * 10 + 1; break;
    case 2: out[i] = in[i + 2] * 17 + 2; break;
    case 3: out[i] = in[i + 3] * 24 + 3; break;
    case 4: out[i] = in[i + 4] * 31 + 4; break;
    case 5: out[i] = in[i + 5] * 38 + 5; break;
    case 6: out[i] = in[i + 6] * 45 + 6; break;
    case 7: out[i] = in[i + 7] * 52 + 7; break;
    case 8: out[i] = in[i + 8] * 59 + 8; break;
    case 9: out[i] = in[i + 9] * 66 + 9; break;
    case 10: out[i] = in[i + 10] * 73 + 10; break;
    case 11: out[i] = in[i + 11] * 80 + 11; break;
    case 12: out[i] = in[i + 12] * 87 + 12; break;
    case 13: out[i] = in[i + 13] * 94 + 13; break;
    case 14: out[i] = in[i + 14] * 101 + 14; break;
    case 15: out[i] = in[i + 15] * 108 + 15; break;
    case 16: out[i] = in[i + 16] * 115 + 16; break;
    case 17: out[i] = in[i + 17] * 122 + 17; break;
    case 18: out[i] = in[i + 18] * 129 + 18; break;
    case 19: out[i] = in[i + 19] * 136 + 19; break;
    case 20: out[i] = in[i + 20] * 143 + 20; break;
    case 21: out[i] = in[i + 21] * 150 + 21; break;
    case 22: out[i] = in[i + 22] * 157 + 22; break;
    case 23: out[i] = in[i + 23] * 164 + 23; break;
    default: out[i] = -1;
    }
}
