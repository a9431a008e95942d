define dllexport void @hmath(i32 %arg0) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 1
  %v2 = call <16 x half> @llvm.genx.oword.ld.v16f16(i32 0, i32 %arg0, i32 %v1)
  %v3 = fadd <16 x half> %v2, <half 0xH3C00, half 0xH3C00, half 0xH3C00, half 0xH3C00, half 0xH3C00, half 0xH3C00, half 0xH3C00, half 0xH3C00, half 0xH3C00, half 0xH3C00, half 0xH3C00, half 0xH3C00, half 0xH3C00, half 0xH3C00, half 0xH3C00, half 0xH3C00>
  %v4 = call <16 x half> @llvm.genx.inv.v16f16.v16f16(<16 x half> %v3)
  %v5 = call <16 x half> @llvm.exp2.v16f16(<16 x half> %v4)
  %v6 = call <16 x half> @llvm.log2.v16f16(<16 x half> %v5)
  %v7 = call <16 x half> @llvm.genx.sqrt.v16f16.v16f16(<16 x half> %v6)
  %v8 = fmul <16 x half> %v7, <half 0xH3800, half 0xH3800, half 0xH3800, half 0xH3800, half 0xH3800, half 0xH3800, half 0xH3800, half 0xH3800, half 0xH3800, half 0xH3800, half 0xH3800, half 0xH3800, half 0xH3800, half 0xH3800, half 0xH3800, half 0xH3800>
  call void @llvm.genx.oword.st.v16f16(i32 %arg0, i32 %v1, <16 x half> %v8)
  ret void
}

declare <16 x half> @llvm.exp2.v16f16(<16 x half>)
declare i32 @llvm.genx.group.id.x.i32()
declare <16 x half> @llvm.genx.inv.v16f16.v16f16(<16 x half>)
declare <16 x half> @llvm.genx.oword.ld.v16f16(i32, i32, i32)
declare void @llvm.genx.oword.st.v16f16(i32, i32, <16 x half>)
declare <16 x half> @llvm.genx.sqrt.v16f16.v16f16(<16 x half>)
declare <16 x half> @llvm.log2.v16f16(<16 x half>)

!genx.kernels = !{!0}
!0 = !{void (i32)* @hmath, !"hmath", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 128}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
