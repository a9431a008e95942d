define dllexport void @frem_half(i32 %arg0) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 1
  %v2 = call <16 x half> @llvm.genx.oword.ld.v16f16(i32 0, i32 %arg0, i32 %v1)
  %v3 = frem <16 x half> %v2, <half 0xH4200, half 0xH4200, half 0xH4200, half 0xH4200, half 0xH4200, half 0xH4200, half 0xH4200, half 0xH4200, half 0xH4200, half 0xH4200, half 0xH4200, half 0xH4200, half 0xH4200, half 0xH4200, half 0xH4200, half 0xH4200>
  call void @llvm.genx.oword.st.v16f16(i32 %arg0, i32 %v1, <16 x half> %v3)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <16 x half> @llvm.genx.oword.ld.v16f16(i32, i32, i32)
declare void @llvm.genx.oword.st.v16f16(i32, i32, <16 x half>)

!genx.kernels = !{!0}
!0 = !{void (i32)* @frem_half, !"frem_half", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 128}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
