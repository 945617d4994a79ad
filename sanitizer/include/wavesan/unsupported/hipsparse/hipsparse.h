// Generated list of headers wavesan's CPU emulator does not provide (see docs/wavesan.md).
#error "<hipsparse/hipsparse.h> (hipSPARSE) is not provided by wavesan's CPU emulator: libraries built on HIP (hipCUB, rocPRIM, Thrust, the BLAS, RAND and FFT libraries) are out of its scope (docs/wavesan.md)"
