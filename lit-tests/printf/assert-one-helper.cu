// Each failed-assert site is one call of the module's one out-of-line
// __cucc_assert_fail (noinline, cold, noreturn), which prints CUDA's
// message through OCKL's stderr printf and traps, as HIP's __assert_fail
// is one call: two asserts, two calls, one function, and the printf calls
// in it alone (assert-message.test pins the message). Lowered at each site
// as before, the kernel itself calls __ockl_fprintf_stderr_begin and the
// checks fail.
//
// RUN: cu2hsaco %s --emit-llvm -o - --offload-arch=gfx942 | FileCheck %s
#include <cassert>

// CHECK-LABEL: define {{.*}}@_Z7checkedPii(
// CHECK-NOT:   __ockl_fprintf
// CHECK:       call {{.*}}void @__cucc_assert_fail(
// CHECK-NOT:   __ockl_fprintf
// CHECK:       call {{.*}}void @__cucc_assert_fail(
// CHECK-NOT:   __ockl_fprintf
// CHECK:       ret void
// CHECK:       define internal {{.*}}void @__cucc_assert_fail({{.*}}) {{.*}}[[ATTRS:#[0-9]+]] {
// CHECK:       call i64 @__ockl_fprintf_stderr_begin()
// CHECK:       call void @llvm.trap()
// CHECK-NOT:   define {{.*}}@__cucc_assert_fail
// CHECK:       attributes [[ATTRS]] = { cold noinline {{.*}}noreturn nounwind
__global__ void checked(int *P, int N) {
  assert(P[threadIdx.x] < N);
  P[threadIdx.x] += 1;
  assert(P[threadIdx.x] != 7);
}
