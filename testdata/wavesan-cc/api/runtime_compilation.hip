// A test framework's use of runtime compilation, modules and contexts (hip-tests' main
// includes <hip/hiprtc.h> and unloads modules at exit). It builds; creating a program
// succeeds (0), compiling it fails with HIPRTC_ERROR_COMPILATION and a log that says why;
// loading a module is hipErrorNotSupported (801); unloading a null module, creating the
// context (device 0) and destroying the program succeed (0 0 0). A stream callback and a
// host function run before their calls return (the emulator's streams are synchronous):
// the counter is 1 after the callback and 11 after the host function adds 10.
#include <hip/hip_runtime.h>
#include <hip/hiprtc.h>
#include <cstdio>
#include <string>

int main() {
  hiprtcProgram prog;
  const hiprtcResult created =
      hiprtcCreateProgram(&prog, "__global__ void k() {}", "k.cu", 0, nullptr, nullptr);
  const hiprtcResult compiled = hiprtcCompileProgram(prog, 0, nullptr);
  size_t size = 0;
  hiprtcGetProgramLogSize(prog, &size);
  std::string log(size, '\0');
  hiprtcGetProgramLog(prog, log.data());
  std::printf("create %d compile %s\nlog %s", created, hiprtcGetErrorString(compiled),
              log.c_str());
  hipModule_t module = nullptr;
  hipCtx_t context = nullptr;
  std::printf("load %d unload %d context %d destroy %d\n", hipModuleLoadData(&module, "code"),
              hipModuleUnload(nullptr), hipCtxCreate(&context, 0, 0),
              hiprtcDestroyProgram(&prog));
  int counter = 0;
  hipStream_t stream;
  hipStreamCreate(&stream);
  hipStreamAddCallback(
      stream, [](hipStream_t, hipError_t status, void *p) { *static_cast<int *>(p) += 1 + status; },
      &counter, 0);
  std::printf("callback %d", counter);
  hipLaunchHostFunc(stream, [](void *p) { *static_cast<int *>(p) += 10; }, &counter);
  std::printf(" host function %d\n", counter);
  hipStreamDestroy(stream);
  return 0;
}
