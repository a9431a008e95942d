define dllexport void @split_indirect(i32 %arg0, i32 %arg1) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg0, i32 0)
  %v2 = and i32 %v0, 7
  %v3 = shl i32 %v2, 3
  %v4 = trunc i32 %v3 to i16
  %v5 = and i32 %v0, 3
  %v6 = shl i32 %v5, 4
  %v7 = trunc i32 %v6 to i16
  %v8 = call <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float> %v1, i32 0, i32 16, i32 1, i16 %v4, i32 0)
  %v9 = fmul <16 x float> %v8, %v8
  %v10 = call <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float> %v1, <16 x float> %v9, i32 0, i32 16, i32 1, i16 %v7, i32 0, i1 true)
  call void @llvm.genx.oword.st.v32f32(i32 %arg1, i32 0, <32 x float> %v10)
  %v14 = call <4 x float> @llvm.genx.rdregionf.v4f32.v32f32.i16(<32 x float> %v1, i32 0, i32 4, i32 1, i16 %v4, i32 0)
  %v15 = call <8 x float> @llvm.genx.wrregionf.v8f32.v4f32.i16.i1(<8 x float> undef, <4 x float> %v14, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
  %idx.1 = add i16 %v4, 32
  %v16 = call <4 x float> @llvm.genx.rdregionf.v4f32.v32f32.i16(<32 x float> %v1, i32 0, i32 4, i32 1, i16 %idx.1, i32 0)
  %v17 = call <8 x float> @llvm.genx.wrregionf.v8f32.v4f32.i16.i1(<8 x float> %v15, <4 x float> %v16, i32 0, i32 4, i32 1, i16 16, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v8f32(i32 %arg1, i32 8, <8 x float> %v17)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <32 x float> @llvm.genx.oword.ld.v32f32(i32, i32, i32)
declare void @llvm.genx.oword.st.v32f32(i32, i32, <32 x float>)
declare void @llvm.genx.oword.st.v8f32(i32, i32, <8 x float>)
declare <16 x float> @llvm.genx.rdregionf.v16f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <4 x float> @llvm.genx.rdregionf.v4f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <32 x float> @llvm.genx.wrregionf.v32f32.v16f32.i16.i1(<32 x float>, <16 x float>, i32, i32, i32, i16, i32, i1)
declare <8 x float> @llvm.genx.wrregionf.v8f32.v4f32.i16.i1(<8 x float>, <4 x float>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, i32)* @split_indirect, !"split_indirect", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2}
!2 = !{i32 128, i32 132}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t read_only", !"buffer_t write_only"}
