/* Stand-in header written for wavecheck (not the ROCm header): HIP version
 * macros, modelled on ROCm 7.0 as publicly documented (warpSize not constexpr,
 * *_sync warp builtins enabled). Sources: HIP public documentation. */
#ifndef WAVECHECK_STANDIN_HIP_VERSION_H
#define WAVECHECK_STANDIN_HIP_VERSION_H
#define HIP_VERSION_MAJOR 7
#define HIP_VERSION_MINOR 0
#define HIP_VERSION_PATCH 0
#define HIP_VERSION (HIP_VERSION_MAJOR * 10000000 + HIP_VERSION_MINOR * 100000 + HIP_VERSION_PATCH)
#define WAVECHECK_STANDIN_HEADERS 1
#endif
