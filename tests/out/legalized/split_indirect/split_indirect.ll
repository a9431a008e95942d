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
  %v14 = call <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float> %v1, i32 0, i32 8, i32 1, i16 %v4, i32 0)
  %v15 = fmul <8 x float> %v14, %v14
  %v16 = call <32 x float> @llvm.genx.wrregionf.v32f32.v8f32.i16.i1(<32 x float> %v1, <8 x float> %v15, i32 0, i32 8, i32 1, i16 %v7, i32 0, i1 true)
  %idx.1 = add i16 %v4, 32
  %v17 = call <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float> %v1, i32 0, i32 8, i32 1, i16 %idx.1, i32 0)
  %v18 = fmul <8 x float> %v17, %v17
  %idx.2 = add i16 %v7, 32
  %v19 = call <32 x float> @llvm.genx.wrregionf.v32f32.v8f32.i16.i1(<32 x float> %v16, <8 x float> %v18, i32 0, i32 8, i32 1, i16 %idx.2, i32 0, i1 true)
  call void @llvm.genx.oword.st.v32f32(i32 %arg1, i32 0, <32 x float> %v19)
  %v20 = call <4 x float> @llvm.genx.rdregionf.v4f32.v32f32.i16(<32 x float> %v1, i32 0, i32 4, i32 1, i16 %v4, i32 0)
  %v21 = call <8 x float> @llvm.genx.wrregionf.v8f32.v4f32.i16.i1(<8 x float> undef, <4 x float> %v20, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
  %idx.3 = add i16 %v4, 32
  %v22 = call <4 x float> @llvm.genx.rdregionf.v4f32.v32f32.i16(<32 x float> %v1, i32 0, i32 4, i32 1, i16 %idx.3, i32 0)
  %v23 = call <8 x float> @llvm.genx.wrregionf.v8f32.v4f32.i16.i1(<8 x float> %v21, <4 x float> %v22, i32 0, i32 4, i32 1, i16 16, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v8f32(i32 %arg1, i32 8, <8 x float> %v23)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <32 x float> @llvm.genx.oword.ld.v32f32(i32, i32, i32)
declare void @llvm.genx.oword.st.v32f32(i32, i32, <32 x float>)
declare void @llvm.genx.oword.st.v8f32(i32, i32, <8 x float>)
declare <4 x float> @llvm.genx.rdregionf.v4f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <8 x float> @llvm.genx.rdregionf.v8f32.v32f32.i16(<32 x float>, i32, i32, i32, i16, i32)
declare <32 x float> @llvm.genx.wrregionf.v32f32.v8f32.i16.i1(<32 x float>, <8 x float>, i32, i32, i32, i16, i32, i1)
declare <8 x float> @llvm.genx.wrregionf.v8f32.v4f32.i16.i1(<8 x float>, <4 x float>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, i32)* @split_indirect, !"split_indirect", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2}
!2 = !{i32 64, i32 68}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t read_only", !"buffer_t write_only"}
