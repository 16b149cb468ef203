; A device function (not a kernel) whose inline PTX exits: there is no
; kernel to return from, so nvvm-to-amdgpu reports it.
target triple = "nvptx64-nvidia-cuda"

define void @helper() {
  call void asm sideeffect "exit;", ""()
  ret void
}
