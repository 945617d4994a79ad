# Backend::Hip of wavesan-reference: the reference kernels on a real AMD GPU.
# Included from sanitizer/src/reference/reference.cmake. docs/wavesan-hip.md describes the options.
#
# - wavesan-reference-hip: an OBJECT library, the host side (device discovery, memory, code
#   object loading, launches) built against the REAL HIP runtime: Debian's libamdhip64-dev
#   (HIP 5.2.3) or a ROCm install. Its objects go into wavesan-reference, which then links
#   libamdhip64; its own compile flags (the real HIP headers, __HIP_PLATFORM_AMD__) stay
#   on these two sources.
#   Debian's hip-config.cmake needs hipcc, which Debian does not ship, so the library and
#   headers are found directly.
# - WAVESAN_GFX942_CODE_OBJECT (OFF): builds and installs the gfx942 code object the backend
#   loads at run time. Needs ROCm's device libraries for gfx942, which Debian lacks.

set(ROCM_PATH "$ENV{ROCM_PATH}" CACHE PATH "ROCm install prefix (empty: system paths, then /opt/rocm)")
set(_wavesan_rocm_hints ${ROCM_PATH} /opt/rocm)
find_library(WAVESAN_AMDHIP64_LIBRARY amdhip64 HINTS ${_wavesan_rocm_hints} PATH_SUFFIXES lib lib64
             DOC "the HIP runtime library (libamdhip64) wavesan-reference links for Backend::Hip")
find_path(WAVESAN_HIP_INCLUDE_DIR hip/hip_runtime_api.h HINTS ${_wavesan_rocm_hints}
          PATH_SUFFIXES include DOC "directory holding the real hip/hip_runtime_api.h")
if(NOT WAVESAN_AMDHIP64_LIBRARY OR NOT WAVESAN_HIP_INCLUDE_DIR)
  message(STATUS "wavesan: libamdhip64 or hip/hip_runtime_api.h not found "
                 "(${WAVESAN_AMDHIP64_LIBRARY}, ${WAVESAN_HIP_INCLUDE_DIR}): Backend::Hip "
                 "and hip_backend_test are skipped (install libamdhip64-dev or set ROCM_PATH)")
  return()
endif()
message(STATUS "wavesan: hip backend uses ${WAVESAN_AMDHIP64_LIBRARY}")

# Where the code object is built and installed; both are baked into Backend::Hip as search
# paths (after $WAVESAN_HIP_CODE_OBJECT).
set(WAVESAN_HIP_CODE_OBJECT_NAME wavesan-reference-gfx942.co)
set(WAVESAN_HIP_BUILD_CODE_OBJECT "${PROJECT_BINARY_DIR}/share/wavesan/${WAVESAN_HIP_CODE_OBJECT_NAME}")
set(WAVESAN_HIP_INSTALL_CODE_OBJECT
    "${CMAKE_INSTALL_FULL_DATADIR}/wavesan/${WAVESAN_HIP_CODE_OBJECT_NAME}")

add_library(wavesan-reference-hip OBJECT ${CMAKE_CURRENT_LIST_DIR}/hip_device.cpp
                                         ${CMAKE_CURRENT_LIST_DIR}/hip_reference.cpp)
target_compile_features(wavesan-reference-hip PRIVATE cxx_std_20)
# wavesan/hip_backend.h, wavesan/reference.h; not the emulator's HIP headers (no wavesan-emu).
target_include_directories(wavesan-reference-hip PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/include)
# The real HIP headers. /usr/include is the compiler's own: adding it would break
# libstdc++'s #include_next, so only other prefixes (ROCm) are added.
if(NOT WAVESAN_HIP_INCLUDE_DIR STREQUAL "/usr/include")
  target_include_directories(wavesan-reference-hip SYSTEM PRIVATE ${WAVESAN_HIP_INCLUDE_DIR})
endif()
target_compile_definitions(wavesan-reference-hip PRIVATE __HIP_PLATFORM_AMD__
  WAVESAN_HIP_BUILD_CODE_OBJECT="${WAVESAN_HIP_BUILD_CODE_OBJECT}"
  WAVESAN_HIP_INSTALL_CODE_OBJECT="${WAVESAN_HIP_INSTALL_CODE_OBJECT}")
set_target_properties(wavesan-reference-hip PROPERTIES POSITION_INDEPENDENT_CODE ON
  # Read by tests/sanitizer/hip_backend.cmake (directory variables do not reach tests/).
  WAVESAN_BUILD_CODE_OBJECT "${WAVESAN_HIP_BUILD_CODE_OBJECT}"
  WAVESAN_INSTALL_CODE_OBJECT "${WAVESAN_HIP_INSTALL_CODE_OBJECT}")

option(WAVESAN_GFX942_CODE_OBJECT
       "Build (and install) the gfx942 code object of the reference kernels; needs ROCm's device libraries" OFF)
if(WAVESAN_GFX942_CODE_OBJECT)
  # ROCm's clang matches its device libraries' bitcode; clang-22 (Debian) also reads them.
  find_program(WAVESAN_HIP_CLANG NAMES clang++ HINTS ${_wavesan_rocm_hints} PATH_SUFFIXES llvm/bin
               NO_DEFAULT_PATH DOC "clang++ that compiles the gfx942 code object")
  find_program(WAVESAN_HIP_CLANG NAMES clang++-22 clang++ DOC "clang++ that compiles the gfx942 code object")
  set(_wavesan_devlib_hints)
  set(_wavesan_devlib_patterns)
  foreach(_p IN LISTS _wavesan_rocm_hints)
    list(APPEND _wavesan_devlib_patterns "${_p}/amdgcn/bitcode" "${_p}/lib/llvm/lib/clang/*/lib/amdgcn/bitcode")
  endforeach()
  list(APPEND _wavesan_devlib_patterns "/usr/lib/${CMAKE_LIBRARY_ARCHITECTURE}/amdgcn/bitcode")
  file(GLOB _wavesan_devlib_hints LIST_DIRECTORIES true ${_wavesan_devlib_patterns})
  find_path(WAVESAN_ROCM_DEVICE_LIB_PATH oclc_isa_version_942.bc HINTS ${_wavesan_devlib_hints}
            NO_DEFAULT_PATH DOC "ROCm device libraries (ocml/ockl/oclc *.bc) with gfx942 support")
  if(NOT WAVESAN_ROCM_DEVICE_LIB_PATH OR NOT WAVESAN_HIP_CLANG)
    message(FATAL_ERROR "WAVESAN_GFX942_CODE_OBJECT=ON needs ROCm's device libraries for gfx942 "
            "(oclc_isa_version_942.bc; searched ${_wavesan_devlib_patterns}) and a clang++ "
            "(found: '${WAVESAN_HIP_CLANG}'). Set ROCM_PATH or WAVESAN_ROCM_DEVICE_LIB_PATH, or "
            "configure with -DWAVESAN_GFX942_CODE_OBJECT=OFF (Debian has no gfx942 device "
            "libraries; docs/wavesan-hip.md)")
  endif()
  set(_wavesan_kernels ${CMAKE_CURRENT_LIST_DIR}/../kernels/kernels.hip)
  set(_wavesan_rocm_flag)
  if(ROCM_PATH)
    set(_wavesan_rocm_flag --rocm-path=${ROCM_PATH})
  elseif(EXISTS /opt/rocm/include/hip)
    set(_wavesan_rocm_flag --rocm-path=/opt/rocm)
  endif()
  # -iquote: the kernels' "wavesan/..." and "wavecheck/..." includes come from the source
  # tree while <hip/hip_runtime.h> stays ROCm's (an -I would find the emulator's first).
  # __AMDGCN_WAVEFRONT_SIZE: ROCm 6 headers read it, clang >= 20 no longer defines it
  # (it was removed from clang); gfx942 is wave64 (LLVM AMDGPU usage).
  add_custom_command(
    OUTPUT ${WAVESAN_HIP_BUILD_CODE_OBJECT}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${PROJECT_BINARY_DIR}/share/wavesan
    COMMAND ${WAVESAN_HIP_CLANG} -x hip --offload-arch=gfx942 --cuda-device-only
            --no-gpu-bundle-output -O3 -std=c++20 ${_wavesan_rocm_flag}
            --rocm-device-lib-path=${WAVESAN_ROCM_DEVICE_LIB_PATH}
            -Wno-builtin-macro-redefined -D__AMDGCN_WAVEFRONT_SIZE=64
            -iquote ${CMAKE_CURRENT_SOURCE_DIR}/include -iquote ${PROJECT_SOURCE_DIR}/checker/include
            -MD -MF ${WAVESAN_HIP_BUILD_CODE_OBJECT}.d
            -o ${WAVESAN_HIP_BUILD_CODE_OBJECT} ${_wavesan_kernels}
    DEPENDS ${_wavesan_kernels}
    DEPFILE ${WAVESAN_HIP_BUILD_CODE_OBJECT}.d
    COMMENT "Building the gfx942 code object of the reference kernels"
    VERBATIM)
  add_custom_target(wavesan-gfx942-code-object ALL DEPENDS ${WAVESAN_HIP_BUILD_CODE_OBJECT})
  install(FILES ${WAVESAN_HIP_BUILD_CODE_OBJECT} DESTINATION ${CMAKE_INSTALL_DATADIR}/wavesan
          COMPONENT wavesan)
endif()
