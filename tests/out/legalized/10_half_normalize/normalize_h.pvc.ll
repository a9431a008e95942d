define dllexport void @normalize_h(i32 %arg0, i32 %arg1, i32 %arg2) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 1
  %v2 = call <16 x half> @llvm.genx.oword.ld.v16f16(i32 0, i32 %arg0, i32 %v1)
  %v3 = call <16 x half> @llvm.genx.oword.ld.v16f16(i32 0, i32 %arg1, i32 %v1)
  %v5 = fmul <16 x half> %v3, %v3
  %v6 = call <16 x half> @llvm.fmuladd.v16f16(<16 x half> %v2, <16 x half> %v2, <16 x half> %v5)
  %v7 = fadd <16 x half> %v6, <half 0xH0400, half 0xH0400, half 0xH0400, half 0xH0400, half 0xH0400, half 0xH0400, half 0xH0400, half 0xH0400, half 0xH0400, half 0xH0400, half 0xH0400, half 0xH0400, half 0xH0400, half 0xH0400, half 0xH0400, half 0xH0400>
  %v8 = call <16 x half> @llvm.genx.rsqrt.v16f16.v16f16(<16 x half> %v7)
  %v9 = fmul <16 x half> %v2, %v8
  %v10 = fmul <16 x half> %v3, %v8
  call void @llvm.genx.oword.st.v16f16(i32 %arg0, i32 %v1, <16 x half> %v9)
  call void @llvm.genx.oword.st.v16f16(i32 %arg1, i32 %v1, <16 x half> %v10)
  %v13 = fpext <16 x half> %v2 to <16 x float>
  %v14 = fpext <16 x half> %v3 to <16 x float>
  %v15 = fmul <16 x float> %v13, %v13
  %v16 = call <16 x float> @llvm.fma.v16f32(<16 x float> %v14, <16 x float> %v14, <16 x float> %v15)
  %v17 = call <16 x float> @llvm.genx.sqrt.v16f32.v16f32(<16 x float> %v16)
  %v18 = fptrunc <16 x float> %v17 to <16 x half>
  call void @llvm.genx.oword.st.v16f16(i32 %arg2, i32 %v1, <16 x half> %v18)
  ret void
}

declare <16 x float> @llvm.fma.v16f32(<16 x float>, <16 x float>, <16 x float>)
declare <16 x half> @llvm.fmuladd.v16f16(<16 x half>, <16 x half>, <16 x half>)
declare i32 @llvm.genx.group.id.x.i32()
declare <16 x half> @llvm.genx.oword.ld.v16f16(i32, i32, i32)
declare void @llvm.genx.oword.st.v16f16(i32, i32, <16 x half>)
declare <16 x half> @llvm.genx.rsqrt.v16f16.v16f16(<16 x half>)
declare <16 x float> @llvm.genx.sqrt.v16f32.v16f32(<16 x float>)

!genx.kernels = !{!0}
!0 = !{void (i32, i32, i32)* @normalize_h, !"normalize_h", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2, i32 2}
!2 = !{i32 128, i32 132, i32 136}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"buffer_t read_write", !"buffer_t read_write", !"buffer_t write_only"}
