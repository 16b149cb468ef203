define void @branch(i32 %v) {
  call void asm sideeffect "{ .reg .pred p; setp.eq.u32 p, $0, 0; @p bra DONE; }", "r"(i32 %v)
  ret void
}
