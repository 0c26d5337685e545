// extern_c.cu — an extern "C" kernel: its name carries no parameter types,
// so warpsim takes their sizes from the ELF listing beside the dump
// (EIATTR_KPARAM_INFO) and each launch argument's own type. gen.sh dumps it.
extern "C" __global__ void scale(float *y, float a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * y[i] + (float)n;
}
