// textures.cu — texture and surface objects, one class of fetch a kernel:
// each prints "NAME hash=<FNV-1a 64 of its output> first=<3 words>" and
// tests/cuda_textures.sh compares the lines warpsim prints with the
// H100's (textures.h100.txt). An optional argument names the kernels to run
// (comma-separated). "weights" also prints its outputs: linear filtering's
// fixed-point weights, value by value.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cstdint>
#include <cuda_runtime.h>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); exit(1); } } while (0)

static const int N = 256;   // outputs a kernel writes (floats or words)

__global__ void k_fetch1d(cudaTextureObject_t t, float *out)
{
    int i = threadIdx.x;
    out[i] = tex1Dfetch<float>(t, i * 3 - 40);   // some below 0, some past the end: 0
}
__global__ void k_fetch_u8(cudaTextureObject_t t, cudaTextureObject_t tn, unsigned *out, float4 *outn)
{
    int i = threadIdx.x;
    uchar4 v = tex1Dfetch<uchar4>(t, i);
    out[i] = v.x | v.y << 8 | v.z << 16 | (unsigned)v.w << 24;
    outn[i] = tex1Dfetch<float4>(tn, i);
}
__global__ void k_point2d(cudaTextureObject_t t, float *out)
{
    int i = threadIdx.x;
    out[i] = tex2D<float>(t, (i % 16) * 1.37f - 3.1f, (i / 16) * 0.71f - 1.2f);
}
__global__ void k_linear2d(cudaTextureObject_t t, float *out)
{
    int i = threadIdx.x;
    out[i] = tex2D<float>(t, (i % 16) * 0.613f - 0.9f, (i / 16) * 0.377f + 0.2f);
}
__global__ void k_weights(cudaTextureObject_t t, float *out)
{
    int i = threadIdx.x;   // x from 0.5 to 1.5 in steps of 1/256 and halfway between
    out[i] = tex1D<float>(t, 0.5f + i / 512.0f);
}
__global__ void k_wrap(cudaTextureObject_t t, float *out)
{
    int i = threadIdx.x;
    out[i] = tex2D<float>(t, (i % 16) * 0.173f - 1.3f, (i / 16) * 0.119f - 0.6f);
}
__global__ void k_float4(cudaTextureObject_t t, float4 *out)
{
    int i = threadIdx.x;
    out[i] = tex2D<float4>(t, (i % 16) * 0.55f + 0.1f, (i / 16) * 0.45f - 0.3f);
}
__global__ void k_pitch(cudaTextureObject_t t, float2 *out)
{
    int i = threadIdx.x;
    out[i] = tex2D<float2>(t, (i % 16) * 1.21f + 0.25f, (i / 16) * 0.93f + 0.5f);
}
__global__ void k_tex1d(cudaTextureObject_t t, float *out)
{
    int i = threadIdx.x;
    out[i] = tex1D<float>(t, i * 0.0131f - 0.7f);
}
__global__ void k_tex3d(cudaTextureObject_t t, float *out)
{
    int i = threadIdx.x;
    out[i] = tex3D<float>(t, (i % 8) * 0.77f, (i / 8 % 8) * 0.61f + 0.3f, (i / 64) * 1.3f - 0.2f);
}
__global__ void k_layered(cudaTextureObject_t t, cudaTextureObject_t tl, float *out)
{
    int i = threadIdx.x;
    out[i] = tex2DLayered<float>(t, (i % 16) * 0.5f, (i / 16 % 4) * 1.25f, i / 64)
           + 1000.0f * tex2DLayered<float>(tl, (i % 16) * 0.37f, (i / 16 % 4) * 0.81f, i / 64);
}
__global__ void k_gather(cudaTextureObject_t t, float4 *out)
{
    int i = threadIdx.x;
    float x = (i % 16) * 0.47f + 0.2f, y = (i / 16 % 8) * 0.61f + 0.1f;
    out[i] = i < 128 ? tex2Dgather<float4>(t, x, y, 0) : tex2Dgather<float4>(t, x, y, 1);
}
__global__ void k_int2(cudaTextureObject_t t, int2 *out)
{
    int i = threadIdx.x;
    out[i] = tex2D<int2>(t, (i % 16) + 0.5f, (i / 16) * 0.9f);
}
__global__ void k_half(cudaTextureObject_t t, cudaTextureObject_t ts, float *out)
{
    int i = threadIdx.x;
    out[i] = tex2D<float>(t, (i % 16) * 0.83f, (i / 16) * 0.5f + 0.25f) + tex1Dfetch<float2>(ts, i).y * 100.0f;
}
__global__ void k_surf2d(cudaSurfaceObject_t s)
{
    int x = threadIdx.x % 16, y = threadIdx.x / 16;
    float v = surf2Dread<float>(s, x * 4, y);
    float w = surf2Dread<float>(s, (x + 13) * 4, y - 2, cudaBoundaryModeClamp);
    float z = surf2Dread<float>(s, (x + 13) * 4, y + 3, cudaBoundaryModeZero);
    __syncthreads();
    surf2Dwrite(v * 2.0f + w + z * 0.5f, s, x * 4, y);
    surf2Dwrite(-1.0f, s, (x + 20) * 4, y, cudaBoundaryModeZero);   // past the right edge: dropped
}
__global__ void k_surf3d(cudaSurfaceObject_t s)
{
    int x = threadIdx.x % 8, y = threadIdx.x / 8 % 8, z = threadIdx.x / 64;
    uchar4 v = surf3Dread<uchar4>(s, x * 4, y, z);
    surf3Dwrite(make_uchar4(v.w, v.z + 1, v.y ^ 0x55, v.x), s, x * 4, y, z);
}

static uint64_t fnv(const void *p, size_t n)
{
    const unsigned char *b = (const unsigned char *)p;
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * 1099511628211ull;
    return h;
}

static void report(const char *name, const void *host, size_t bytes)
{
    const uint32_t *w = (const uint32_t *)host;
    printf("%s hash=%016llx first=%08x,%08x,%08x\n", name, (unsigned long long)fnv(host, bytes), w[0], w[1], w[2]);
}

// a device buffer's bytes, reported
static void done(const char *name, void *dev, size_t bytes)
{
    void *h = malloc(bytes);
    CK(cudaDeviceSynchronize());
    CK(cudaMemcpy(h, dev, bytes, cudaMemcpyDeviceToHost));
    report(name, h, bytes);
    free(h);
}

static float value(int i, int j, int k) { return (float)((i * 7 + j * 13 + k * 29) % 31) * 0.25f - 3.0f + 0.001f * i; }

static cudaTextureObject_t tex_of(cudaResourceDesc *r, cudaTextureAddressMode am, cudaTextureFilterMode fm, int norm,
                                  cudaTextureReadMode rm = cudaReadModeElementType)
{
    cudaTextureDesc td;
    memset(&td, 0, sizeof td);
    td.addressMode[0] = td.addressMode[1] = td.addressMode[2] = am;
    td.filterMode = fm;
    td.readMode = rm;
    td.normalizedCoords = norm;
    td.borderColor[0] = 0.5f; td.borderColor[1] = -2.0f; td.borderColor[2] = 4.0f; td.borderColor[3] = 1.5f;
    cudaTextureObject_t t;
    CK(cudaCreateTextureObject(&t, r, &td, NULL));
    return t;
}

// a texture over n bytes of linear device memory holding elements of desc
static cudaTextureObject_t linear_tex(void *dev, cudaChannelFormatDesc desc, size_t n, cudaTextureReadMode rm)
{
    cudaResourceDesc r;
    memset(&r, 0, sizeof r);
    r.resType = cudaResourceTypeLinear;
    r.res.linear.devPtr = dev;
    r.res.linear.desc = desc;
    r.res.linear.sizeInBytes = n;
    return tex_of(&r, cudaAddressModeClamp, cudaFilterModePoint, 0, rm);
}

static cudaTextureObject_t array_tex(cudaArray_t a, cudaTextureAddressMode am, cudaTextureFilterMode fm, int norm,
                                     cudaTextureReadMode rm = cudaReadModeElementType)
{
    cudaResourceDesc r;
    memset(&r, 0, sizeof r);
    r.resType = cudaResourceTypeArray;
    r.res.array.array = a;
    return tex_of(&r, am, fm, norm, rm);
}

// a W x H float array filled by value()
static cudaArray_t float_array(int w, int h, int d = 0, unsigned flags = 0)
{
    cudaChannelFormatDesc cd = cudaCreateChannelDesc<float>();
    cudaArray_t a;
    int depth = d ? d : 1;
    float *host = (float *)malloc(sizeof(float) * w * (h ? h : 1) * depth);
    for (int k = 0; k < depth; k++)
        for (int j = 0; j < (h ? h : 1); j++)
            for (int i = 0; i < w; i++) host[(k * (h ? h : 1) + j) * w + i] = value(i, j, k);
    if (d) {
        CK(cudaMalloc3DArray(&a, &cd, make_cudaExtent(w, h, d), flags));
        cudaMemcpy3DParms p;
        memset(&p, 0, sizeof p);
        p.srcPtr = make_cudaPitchedPtr(host, w * sizeof(float), w, h);
        p.dstArray = a;
        p.extent = make_cudaExtent(w, h, d);
        p.kind = cudaMemcpyHostToDevice;
        CK(cudaMemcpy3D(&p));
    } else {
        CK(cudaMallocArray(&a, &cd, w, h, cudaArraySurfaceLoadStore));
        CK(cudaMemcpy2DToArray(a, 0, 0, host, w * sizeof(float), w * sizeof(float), h ? h : 1, cudaMemcpyHostToDevice));
    }
    free(host);
    return a;
}

static int wanted(const char *list, const char *name)
{
    if (!list) return 1;
    size_t n = strlen(name);
    for (const char *p = list; (p = strstr(p, name)); p += n)
        if ((p == list || p[-1] == ',') && (p[n] == ',' || p[n] == 0)) return 1;
    return 0;
}

int main(int argc, char **argv)
{
    const char *only = argc > 1 ? argv[1] : NULL;
    float *out;
    CK(cudaMalloc(&out, 32 * N));
    if (wanted(only, "fetch1d")) {
        float *buf, host[200];
        for (int i = 0; i < 200; i++) host[i] = value(i, 1, 2);
        CK(cudaMalloc(&buf, sizeof host));
        CK(cudaMemcpy(buf, host, sizeof host, cudaMemcpyHostToDevice));
        cudaTextureObject_t t = linear_tex(buf, cudaCreateChannelDesc<float>(), sizeof host, cudaReadModeElementType);
        CK(cudaMemset(out, 0x7f, 32 * N));
        k_fetch1d<<<1, N>>>(t, out);
        done("fetch1d", out, 4 * N);
    }
    if (wanted(only, "fetch_u8")) {
        unsigned char *buf, host[4 * N];
        for (int i = 0; i < 4 * N; i++) host[i] = (unsigned char)(i * 37 + 11);
        CK(cudaMalloc(&buf, sizeof host));
        CK(cudaMemcpy(buf, host, sizeof host, cudaMemcpyHostToDevice));
        cudaTextureObject_t t = linear_tex(buf, cudaCreateChannelDesc<uchar4>(), sizeof host, cudaReadModeElementType);
        cudaTextureObject_t tn = linear_tex(buf, cudaCreateChannelDesc<uchar4>(), sizeof host, cudaReadModeNormalizedFloat);
        k_fetch_u8<<<1, N>>>(t, tn, (unsigned *)out, (float4 *)(out + N));
        done("fetch_u8", out, 4 * N + 16 * N);
    }
    cudaArray_t a2 = float_array(16, 12);
    if (wanted(only, "point2d")) {
        k_point2d<<<1, N>>>(array_tex(a2, cudaAddressModeClamp, cudaFilterModePoint, 0), out);
        done("point2d", out, 4 * N);
    }
    if (wanted(only, "linear2d")) {
        k_linear2d<<<1, N>>>(array_tex(a2, cudaAddressModeClamp, cudaFilterModeLinear, 0), out);
        done("linear2d", out, 4 * N);
    }
    if (wanted(only, "weights")) {
        float ramp[2] = { 0.0f, 1.0f };
        cudaChannelFormatDesc cd = cudaCreateChannelDesc<float>();
        cudaArray_t a;
        CK(cudaMallocArray(&a, &cd, 2, 0, 0));
        CK(cudaMemcpy2DToArray(a, 0, 0, ramp, sizeof ramp, sizeof ramp, 1, cudaMemcpyHostToDevice));
        k_weights<<<1, N>>>(array_tex(a, cudaAddressModeClamp, cudaFilterModeLinear, 0), out);
        float h[N];
        CK(cudaDeviceSynchronize());
        CK(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
        report("weights", h, sizeof h);
        printf("weights values");
        for (int i = 0; i < N; i += 8) printf(" %.9g", h[i]);
        printf("\n");
    }
    if (wanted(only, "wrap")) {
        const cudaTextureAddressMode modes[3] = { cudaAddressModeWrap, cudaAddressModeMirror, cudaAddressModeBorder };
        const char *names[3] = { "wrap", "mirror", "border" };
        for (int m = 0; m < 3; m++)
            for (int f = 0; f < 2; f++) {
                char name[32];
                snprintf(name, sizeof name, "%s_%s", names[m], f ? "linear" : "point");
                k_wrap<<<1, N>>>(array_tex(a2, modes[m], f ? cudaFilterModeLinear : cudaFilterModePoint, 1), out);
                done(name, out, 4 * N);
            }
        k_point2d<<<1, N>>>(array_tex(a2, cudaAddressModeBorder, cudaFilterModeLinear, 0), out);
        done("border_unnorm", out, 4 * N);
    }
    if (wanted(only, "float4")) {
        float4 host[10 * 7];
        for (int i = 0; i < 70; i++) host[i] = make_float4(value(i, 0, 0), value(i, 1, 0), value(i, 0, 1), value(i, 2, 2));
        cudaChannelFormatDesc cd = cudaCreateChannelDesc<float4>();
        cudaArray_t a;
        CK(cudaMallocArray(&a, &cd, 10, 7, 0));
        CK(cudaMemcpy2DToArray(a, 0, 0, host, 10 * sizeof(float4), 10 * sizeof(float4), 7, cudaMemcpyHostToDevice));
        k_float4<<<1, N>>>(array_tex(a, cudaAddressModeClamp, cudaFilterModeLinear, 0), (float4 *)out);
        done("float4", out, 16 * N);
    }
    if (wanted(only, "pitch")) {
        short2 *buf;
        size_t pitch;
        CK(cudaMallocPitch(&buf, &pitch, 20 * sizeof(short2), 18));
        short2 host[20 * 18];
        for (int i = 0; i < 20 * 18; i++) host[i] = make_short2((short)(i * 371 - 30000), (short)(i * 97 + 5));
        CK(cudaMemcpy2D(buf, pitch, host, 20 * sizeof(short2), 20 * sizeof(short2), 18, cudaMemcpyHostToDevice));
        cudaResourceDesc r;
        memset(&r, 0, sizeof r);
        r.resType = cudaResourceTypePitch2D;
        r.res.pitch2D.devPtr = buf;
        r.res.pitch2D.desc = cudaCreateChannelDesc<short2>();
        r.res.pitch2D.width = 20;
        r.res.pitch2D.height = 18;
        r.res.pitch2D.pitchInBytes = pitch;
        k_pitch<<<1, N>>>(tex_of(&r, cudaAddressModeClamp, cudaFilterModeLinear, 0, cudaReadModeNormalizedFloat), (float2 *)out);
        done("pitch", out, 8 * N);
    }
    if (wanted(only, "tex1d")) {
        cudaArray_t a1 = float_array(37, 0);
        k_tex1d<<<1, N>>>(array_tex(a1, cudaAddressModeWrap, cudaFilterModeLinear, 1), out);
        done("tex1d", out, 4 * N);
    }
    if (wanted(only, "tex3d")) {
        cudaArray_t a3 = float_array(9, 7, 5);
        k_tex3d<<<1, N>>>(array_tex(a3, cudaAddressModeClamp, cudaFilterModeLinear, 0), out);
        done("tex3d", out, 4 * N);
    }
    if (wanted(only, "layered")) {
        cudaArray_t al = float_array(11, 6, 4, cudaArrayLayered);
        k_layered<<<1, N>>>(array_tex(al, cudaAddressModeClamp, cudaFilterModePoint, 0),
                            array_tex(al, cudaAddressModeClamp, cudaFilterModeLinear, 0), out);
        done("layered", out, 4 * N);
    }
    if (wanted(only, "gather")) {
        float4 host[12 * 9];
        for (int i = 0; i < 108; i++) host[i] = make_float4(value(i, 3, 0), value(i, 4, 1), 0, 0);
        cudaChannelFormatDesc cd = cudaCreateChannelDesc<float4>();
        cudaArray_t a;
        CK(cudaMallocArray(&a, &cd, 12, 9, 0));
        CK(cudaMemcpy2DToArray(a, 0, 0, host, 12 * sizeof(float4), 12 * sizeof(float4), 9, cudaMemcpyHostToDevice));
        k_gather<<<1, N>>>(array_tex(a, cudaAddressModeClamp, cudaFilterModePoint, 0), (float4 *)out);
        done("gather", out, 16 * N);
    }
    if (wanted(only, "int2")) {
        int2 host[16 * 16];
        for (int i = 0; i < 256; i++) host[i] = make_int2(i * 1234567 - 99, -i);
        cudaChannelFormatDesc cd = cudaCreateChannelDesc<int2>();
        cudaArray_t a;
        CK(cudaMallocArray(&a, &cd, 16, 16, 0));
        CK(cudaMemcpy2DToArray(a, 0, 0, host, 16 * sizeof(int2), 16 * sizeof(int2), 16, cudaMemcpyHostToDevice));
        k_int2<<<1, N>>>(array_tex(a, cudaAddressModeClamp, cudaFilterModePoint, 0), (int2 *)out);
        done("int2", out, 8 * N);
    }
    if (wanted(only, "half")) {
        unsigned short host[13 * 9];
        for (int i = 0; i < 13 * 9; i++) host[i] = (unsigned short)(0x3c00 + i * 37 - 600);   // halves around 1
        cudaChannelFormatDesc cd = cudaCreateChannelDescHalf();
        cudaArray_t a;
        CK(cudaMallocArray(&a, &cd, 13, 9, 0));
        CK(cudaMemcpy2DToArray(a, 0, 0, host, 13 * 2, 13 * 2, 9, cudaMemcpyHostToDevice));
        signed char *sb, sh[2 * N];
        for (int i = 0; i < 2 * N; i++) sh[i] = (signed char)(i * 53 - 128);
        CK(cudaMalloc(&sb, sizeof sh));
        CK(cudaMemcpy(sb, sh, sizeof sh, cudaMemcpyHostToDevice));
        k_half<<<1, N>>>(array_tex(a, cudaAddressModeClamp, cudaFilterModeLinear, 0),
                         linear_tex(sb, cudaCreateChannelDesc<char2>(), sizeof sh, cudaReadModeNormalizedFloat), out);
        done("half", out, 4 * N);
    }
    if (wanted(only, "surf2d")) {
        cudaArray_t s2 = float_array(16, 16);
        cudaResourceDesc r;
        memset(&r, 0, sizeof r);
        r.resType = cudaResourceTypeArray;
        r.res.array.array = s2;
        cudaSurfaceObject_t s;
        CK(cudaCreateSurfaceObject(&s, &r));
        k_surf2d<<<1, N>>>(s);
        float h[N];
        CK(cudaDeviceSynchronize());
        CK(cudaMemcpy2DFromArray(h, 16 * sizeof(float), s2, 0, 0, 16 * sizeof(float), 16, cudaMemcpyDeviceToHost));
        report("surf2d", h, sizeof h);
    }
    if (wanted(only, "surf3d")) {
        cudaChannelFormatDesc cd = cudaCreateChannelDesc<uchar4>();
        cudaArray_t a;
        CK(cudaMalloc3DArray(&a, &cd, make_cudaExtent(8, 8, 4), cudaArraySurfaceLoadStore));
        unsigned host[N];
        for (int i = 0; i < N; i++) host[i] = i * 2654435761u;
        cudaMemcpy3DParms p;
        memset(&p, 0, sizeof p);
        p.srcPtr = make_cudaPitchedPtr(host, 8 * 4, 8, 8);
        p.dstArray = a;
        p.extent = make_cudaExtent(8, 8, 4);
        p.kind = cudaMemcpyHostToDevice;
        CK(cudaMemcpy3D(&p));
        cudaResourceDesc r;
        memset(&r, 0, sizeof r);
        r.resType = cudaResourceTypeArray;
        r.res.array.array = a;
        cudaSurfaceObject_t s;
        CK(cudaCreateSurfaceObject(&s, &r));
        k_surf3d<<<1, N>>>(s);
        CK(cudaDeviceSynchronize());
        memset(&p, 0, sizeof p);
        p.srcArray = a;
        p.dstPtr = make_cudaPitchedPtr(host, 8 * 4, 8, 8);
        p.extent = make_cudaExtent(8, 8, 4);
        p.kind = cudaMemcpyDeviceToHost;
        CK(cudaMemcpy3D(&p));
        report("surf3d", host, sizeof host);
    }
    CK(cudaDeviceSynchronize());
    return 0;
}
