define dllexport void @tile2d(i32 %arg0, i32 %arg1) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 2
  %v2 = call <16 x float> @llvm.genx.oword.ld.v16f32(i32 0, i32 %arg0, i32 %v1)
  %v8 = call <4 x float> @llvm.genx.rdregionf.v4f32.v16f32.i16(<16 x float> %v2, i32 0, i32 4, i32 4, i16 0, i32 undef)
  %v9 = call <16 x float> @llvm.genx.wrregionf.v16f32.v4f32.i16.i1(<16 x float> undef, <4 x float> %v8, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
  %v10 = call <4 x float> @llvm.genx.rdregionf.v4f32.v16f32.i16(<16 x float> %v2, i32 0, i32 4, i32 4, i16 4, i32 undef)
  %v11 = call <16 x float> @llvm.genx.wrregionf.v16f32.v4f32.i16.i1(<16 x float> %v9, <4 x float> %v10, i32 0, i32 4, i32 1, i16 16, i32 undef, i1 true)
  %v12 = call <4 x float> @llvm.genx.rdregionf.v4f32.v16f32.i16(<16 x float> %v2, i32 0, i32 4, i32 4, i16 8, i32 undef)
  %v13 = call <16 x float> @llvm.genx.wrregionf.v16f32.v4f32.i16.i1(<16 x float> %v11, <4 x float> %v12, i32 0, i32 4, i32 1, i16 32, i32 undef, i1 true)
  %v14 = call <4 x float> @llvm.genx.rdregionf.v4f32.v16f32.i16(<16 x float> %v2, i32 0, i32 4, i32 4, i16 12, i32 undef)
  %v15 = call <16 x float> @llvm.genx.wrregionf.v16f32.v4f32.i16.i1(<16 x float> %v13, <4 x float> %v14, i32 0, i32 4, i32 1, i16 48, i32 undef, i1 true)
  %v16 = call <2 x float> @llvm.genx.rdregionf.v2f32.v16f32.i16(<16 x float> %v2, i32 0, i32 2, i32 8, i16 0, i32 undef)
  %v17 = fmul <2 x float> %v16, <float 0x4010000000000000, float 0x4010000000000000>
  %v18 = call <16 x float> @llvm.genx.wrregionf.v16f32.v2f32.i16.i1(<16 x float> %v15, <2 x float> %v17, i32 0, i32 2, i32 2, i16 0, i32 undef, i1 true)
  %v19 = call <2 x float> @llvm.genx.rdregionf.v2f32.v16f32.i16(<16 x float> %v2, i32 0, i32 2, i32 8, i16 4, i32 undef)
  %v20 = fmul <2 x float> %v19, <float 0x4010000000000000, float 0x4010000000000000>
  %v21 = call <16 x float> @llvm.genx.wrregionf.v16f32.v2f32.i16.i1(<16 x float> %v18, <2 x float> %v20, i32 0, i32 2, i32 2, i16 16, i32 undef, i1 true)
  %v22 = call <2 x float> @llvm.genx.rdregionf.v2f32.v16f32.i16(<16 x float> %v2, i32 0, i32 2, i32 8, i16 8, i32 undef)
  %v23 = fmul <2 x float> %v22, <float 0x4010000000000000, float 0x4010000000000000>
  %v24 = call <16 x float> @llvm.genx.wrregionf.v16f32.v2f32.i16.i1(<16 x float> %v21, <2 x float> %v23, i32 0, i32 2, i32 2, i16 32, i32 undef, i1 true)
  %v25 = call <2 x float> @llvm.genx.rdregionf.v2f32.v16f32.i16(<16 x float> %v2, i32 0, i32 2, i32 8, i16 12, i32 undef)
  %v26 = fmul <2 x float> %v25, <float 0x4010000000000000, float 0x4010000000000000>
  %v27 = call <16 x float> @llvm.genx.wrregionf.v16f32.v2f32.i16.i1(<16 x float> %v24, <2 x float> %v26, i32 0, i32 2, i32 2, i16 48, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v16f32(i32 %arg1, i32 %v1, <16 x float> %v27)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <16 x float> @llvm.genx.oword.ld.v16f32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16f32(i32, i32, <16 x float>)
declare <2 x float> @llvm.genx.rdregionf.v2f32.v16f32.i16(<16 x float>, i32, i32, i32, i16, i32)
declare <4 x float> @llvm.genx.rdregionf.v4f32.v16f32.i16(<16 x float>, i32, i32, i32, i16, i32)
declare <16 x float> @llvm.genx.wrregionf.v16f32.v2f32.i16.i1(<16 x float>, <2 x float>, i32, i32, i32, i16, i32, i1)
declare <16 x float> @llvm.genx.wrregionf.v16f32.v4f32.i16.i1(<16 x float>, <4 x float>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, i32)* @tile2d, !"tile2d", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2}
!2 = !{i32 64, i32 68}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t read_only", !"buffer_t write_only"}
