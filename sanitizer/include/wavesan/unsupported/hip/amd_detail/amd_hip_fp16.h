// Generated list of headers wavesan's CPU emulator does not provide (see docs/wavesan.md).
#error "<hip/amd_detail/amd_hip_fp16.h> is ROCm's internal header; wavesan's CPU emulator does not provide it: include <hip/hip_runtime.h> (docs/wavesan.md)"
