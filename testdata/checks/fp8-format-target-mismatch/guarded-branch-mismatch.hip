// Aspect: guarded-branch-mismatch. Guards that choose wrongly: a hand-kept arch
// list that misses gfx942 (its #else runs there, OCP; no fix-it, the list is what
// needs fixing), and FNUZ written in the branch HIP_FP8_TYPE_OCP selects.
// RUN-ARGS: --checks=-*,fp8-format-target-mismatch --passes=host,device
#include <hip/hip_fp8.h>

#if defined(__gfx940__) || defined(__gfx941__)
using kv_fp8 = __hip_fp8_e4m3_fnuz;
#else
using kv_fp8 = __hip_fp8_e4m3;
// CHECK-MESSAGES: :[[@LINE-1]]:16: warning: '__hip_fp8_e4m3' is OCP E4M3 FP8 but this target computes FP8 in FNUZ: the same byte decodes to half the value in FNUZ, OCP E4M3 saturates at 448 and FNUZ at 240, and 0x80 (-0 in OCP) is NaN in FNUZ [fp8-format-target-mismatch]
#endif

#if HIP_FP8_TYPE_OCP
using out_fp8 = __hip_fp8_e5m2_fnuz;
// CHECK-MESSAGES: :[[@LINE-1]]:17: warning: '__hip_fp8_e5m2_fnuz' is FNUZ E5M2 FP8 but this branch is compiled for targets that compute FP8 in OCP: the same byte decodes to twice the value in OCP, and 0x80 (NaN in FNUZ) is -0 in OCP [fp8-format-target-mismatch]
constexpr float out_fp8_max = 240.f;
// CHECK-MESSAGES: :[[@LINE-1]]:31: warning: 240 is the FNUZ E4M3 maximum but this branch is compiled for targets that compute FP8 in OCP [fp8-format-target-mismatch]
#endif
