// Aspect: hipdatatype-enums. Host code that describes FP8 matrices to a BLAS
// library with hipDataType tags: the OCP tags on gfx942 name a format the
// MI300 GEMM kernels do not compute.
// RUN-ARGS: --checks=-*,fp8-format-target-mismatch
#include <hip/hip_runtime.h>
#include <hip/library_types.h>

// Declared here as a BLAS library would declare it.
int create_layout(void **layout, hipDataType type, long rows, long cols, long ld);

struct Fp8GemmPlan {
  void *a = nullptr, *b = nullptr;
  hipDataType a_type = HIP_R_8F_E4M3;
// CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'HIP_R_8F_E4M3' is OCP E4M3 FP8 but this target computes FP8 in FNUZ: the same byte decodes to half the value in FNUZ, OCP E4M3 saturates at 448 and FNUZ at 240, and 0x80 (-0 in OCP) is NaN in FNUZ [fp8-format-target-mismatch]
};

int plan_gemm(Fp8GemmPlan &p, long m, long n, long k) {
  if (create_layout(&p.a, p.a_type, m, k, m))
    return 1;
  return create_layout(&p.b, HIP_R_8F_E5M2, k, n, k);
// CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 'HIP_R_8F_E5M2' is OCP E5M2 FP8 but this target computes FP8 in FNUZ: the same byte decodes to half the value in FNUZ, and 0x80 (-0 in OCP) is NaN in FNUZ [fp8-format-target-mismatch]
}

// A function that handles both tags chooses the format at run time: silent.
size_t element_bytes(hipDataType t) {
  switch (t) {
  case HIP_R_8F_E4M3:
  case HIP_R_8F_E5M2:
  case HIP_R_8F_E4M3_FNUZ:
  case HIP_R_8F_E5M2_FNUZ:
    return 1;
  default:
    return 4;
  }
}
