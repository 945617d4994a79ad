// Aspect: pytorch-names. PyTorch's OCP dtypes (e4m3fn, e5m2) in an extension
// built for gfx942, which stores FNUZ (e4m3fnuz, e5m2fnuz). The rule reads the
// names from the tokens, so it works without PyTorch's headers.
// RUN-ARGS: --checks=-*,fp8-format-target-mismatch
#include <hip/hip_runtime.h>

// The few PyTorch declarations used below, declared the way PyTorch generates
// them (its headers are not available to the checker). A macro that lists both
// formats is a table, not a choice: silent.
#define FOR_FP8_DTYPES(_) _(Float8_e5m2) _(Float8_e4m3fn) _(Float8_e5m2fnuz) _(Float8_e4m3fnuz)
namespace c10 {
#define DTYPE_ENUMERATOR(n) n,
enum class ScalarType { Float, FOR_FP8_DTYPES(DTYPE_ENUMERATOR) };
#define DTYPE_CONSTANT(n) constexpr ScalarType k##n = ScalarType::n;
DTYPE_CONSTANT(Float) FOR_FP8_DTYPES(DTYPE_CONSTANT)
#define DTYPE_STRUCT(n) struct n { unsigned char x; };
FOR_FP8_DTYPES(DTYPE_STRUCT)
} // namespace c10
namespace at { using namespace c10; }
namespace torch { using namespace at; }

struct Tensor {
  c10::ScalarType dtype;
  void *data;
};

#define OUT_DTYPE at::kFloat8_e4m3fn
// CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 'kFloat8_e4m3fn' is OCP E4M3 FP8 but this target computes FP8 in FNUZ: the same byte decodes to half the value in FNUZ, OCP E4M3 saturates at 448 and FNUZ at 240, and 0x80 (-0 in OCP) is NaN in FNUZ [fp8-format-target-mismatch]

bool check_output(const Tensor &out) {
  return out.dtype == OUT_DTYPE || out.dtype == torch::kFloat8_e5m2;
// CHECK-MESSAGES: :[[@LINE-1]]:56: warning: 'kFloat8_e5m2' is OCP E5M2 FP8 but this target computes FP8 in FNUZ: the same byte decodes to half the value in FNUZ, and 0x80 (-0 in OCP) is NaN in FNUZ [fp8-format-target-mismatch]
}

void describe(Tensor &t) {
  t.dtype = c10::ScalarType::Float8_e4m3fn;
// CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 'Float8_e4m3fn' is OCP E4M3 FP8 but this target computes FP8 in FNUZ [fp8-format-target-mismatch]
}

using fp8_storage = c10::Float8_e4m3fn;
// CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'Float8_e4m3fn' is OCP E4M3 FP8 but this target computes FP8 in FNUZ [fp8-format-target-mismatch]
using fp8_grad = at::Float8_e5m2fnuz;

// A choice between both dtypes at run time: silent.
c10::ScalarType fp8_dtype(bool fnuz) {
  return fnuz ? at::kFloat8_e4m3fnuz : at::kFloat8_e4m3fn;
}

#if 0
c10::ScalarType never_compiled = at::kFloat8_e4m3fn;
#endif
