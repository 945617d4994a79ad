/* Stand-in header written for wavecheck; NOT NVIDIA's CUDA header. Maps CUDA's
 * <cooperative_groups.h> onto the HIP stand-in cooperative groups subset
 * (namespace cooperative_groups). From the public CUDA/HIP documentation. */
#ifndef WAVECHECK_STANDIN_COOPERATIVE_GROUPS_H
#define WAVECHECK_STANDIN_COOPERATIVE_GROUPS_H
#include <hip/hip_cooperative_groups.h>
#endif
