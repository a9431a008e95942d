define dllexport void @transpose8x8(i32 %arg0, i32 %arg1) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = call i32 @llvm.genx.group.id.y.i32()
  %v2 = shl i32 %v0, 5
  %v3 = shl i32 %v1, 3
  %v4 = call <64 x float> @llvm.genx.media.ld.v64f32(i32 0, i32 %arg0, i32 0, i32 32, i32 %v2, i32 %v3)
  %v9 = call <4 x float> @llvm.genx.rdregionf.v4f32.v64f32.i16(<64 x float> %v4, i32 0, i32 4, i32 8, i16 0, i32 undef)
  %v10 = call <64 x float> @llvm.genx.wrregionf.v64f32.v4f32.i16.i1(<64 x float> undef, <4 x float> %v9, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
  %v11 = call <4 x float> @llvm.genx.rdregionf.v4f32.v64f32.i16(<64 x float> %v4, i32 0, i32 4, i32 8, i16 128, i32 undef)
  %v12 = call <64 x float> @llvm.genx.wrregionf.v64f32.v4f32.i16.i1(<64 x float> %v10, <4 x float> %v11, i32 0, i32 4, i32 1, i16 16, i32 undef, i1 true)
  %v13 = call <4 x float> @llvm.genx.rdregionf.v4f32.v64f32.i16(<64 x float> %v4, i32 0, i32 4, i32 8, i16 4, i32 undef)
  %v14 = call <64 x float> @llvm.genx.wrregionf.v64f32.v4f32.i16.i1(<64 x float> %v12, <4 x float> %v13, i32 0, i32 4, i32 1, i16 32, i32 undef, i1 true)
  %v15 = call <4 x float> @llvm.genx.rdregionf.v4f32.v64f32.i16(<64 x float> %v4, i32 0, i32 4, i32 8, i16 132, i32 undef)
  %v16 = call <64 x float> @llvm.genx.wrregionf.v64f32.v4f32.i16.i1(<64 x float> %v14, <4 x float> %v15, i32 0, i32 4, i32 1, i16 48, i32 undef, i1 true)
  %v17 = call <4 x float> @llvm.genx.rdregionf.v4f32.v64f32.i16(<64 x float> %v4, i32 0, i32 4, i32 8, i16 8, i32 undef)
  %v18 = call <64 x float> @llvm.genx.wrregionf.v64f32.v4f32.i16.i1(<64 x float> %v16, <4 x float> %v17, i32 0, i32 4, i32 1, i16 64, i32 undef, i1 true)
  %v19 = call <4 x float> @llvm.genx.rdregionf.v4f32.v64f32.i16(<64 x float> %v4, i32 0, i32 4, i32 8, i16 136, i32 undef)
  %v20 = call <64 x float> @llvm.genx.wrregionf.v64f32.v4f32.i16.i1(<64 x float> %v18, <4 x float> %v19, i32 0, i32 4, i32 1, i16 80, i32 undef, i1 true)
  %v21 = call <4 x float> @llvm.genx.rdregionf.v4f32.v64f32.i16(<64 x float> %v4, i32 0, i32 4, i32 8, i16 12, i32 undef)
  %v22 = call <64 x float> @llvm.genx.wrregionf.v64f32.v4f32.i16.i1(<64 x float> %v20, <4 x float> %v21, i32 0, i32 4, i32 1, i16 96, i32 undef, i1 true)
  %v23 = call <4 x float> @llvm.genx.rdregionf.v4f32.v64f32.i16(<64 x float> %v4, i32 0, i32 4, i32 8, i16 140, i32 undef)
  %v24 = call <64 x float> @llvm.genx.wrregionf.v64f32.v4f32.i16.i1(<64 x float> %v22, <4 x float> %v23, i32 0, i32 4, i32 1, i16 112, i32 undef, i1 true)
  %v25 = call <4 x float> @llvm.genx.rdregionf.v4f32.v64f32.i16(<64 x float> %v4, i32 0, i32 4, i32 8, i16 16, i32 undef)
  %v26 = call <64 x float> @llvm.genx.wrregionf.v64f32.v4f32.i16.i1(<64 x float> %v24, <4 x float> %v25, i32 0, i32 4, i32 1, i16 128, i32 undef, i1 true)
  %v27 = call <4 x float> @llvm.genx.rdregionf.v4f32.v64f32.i16(<64 x float> %v4, i32 0, i32 4, i32 8, i16 144, i32 undef)
  %v28 = call <64 x float> @llvm.genx.wrregionf.v64f32.v4f32.i16.i1(<64 x float> %v26, <4 x float> %v27, i32 0, i32 4, i32 1, i16 144, i32 undef, i1 true)
  %v29 = call <4 x float> @llvm.genx.rdregionf.v4f32.v64f32.i16(<64 x float> %v4, i32 0, i32 4, i32 8, i16 20, i32 undef)
  %v30 = call <64 x float> @llvm.genx.wrregionf.v64f32.v4f32.i16.i1(<64 x float> %v28, <4 x float> %v29, i32 0, i32 4, i32 1, i16 160, i32 undef, i1 true)
  %v31 = call <4 x float> @llvm.genx.rdregionf.v4f32.v64f32.i16(<64 x float> %v4, i32 0, i32 4, i32 8, i16 148, i32 undef)
  %v32 = call <64 x float> @llvm.genx.wrregionf.v64f32.v4f32.i16.i1(<64 x float> %v30, <4 x float> %v31, i32 0, i32 4, i32 1, i16 176, i32 undef, i1 true)
  %v33 = call <4 x float> @llvm.genx.rdregionf.v4f32.v64f32.i16(<64 x float> %v4, i32 0, i32 4, i32 8, i16 24, i32 undef)
  %v34 = call <64 x float> @llvm.genx.wrregionf.v64f32.v4f32.i16.i1(<64 x float> %v32, <4 x float> %v33, i32 0, i32 4, i32 1, i16 192, i32 undef, i1 true)
  %v35 = call <4 x float> @llvm.genx.rdregionf.v4f32.v64f32.i16(<64 x float> %v4, i32 0, i32 4, i32 8, i16 152, i32 undef)
  %v36 = call <64 x float> @llvm.genx.wrregionf.v64f32.v4f32.i16.i1(<64 x float> %v34, <4 x float> %v35, i32 0, i32 4, i32 1, i16 208, i32 undef, i1 true)
  %v37 = call <4 x float> @llvm.genx.rdregionf.v4f32.v64f32.i16(<64 x float> %v4, i32 0, i32 4, i32 8, i16 28, i32 undef)
  %v38 = call <64 x float> @llvm.genx.wrregionf.v64f32.v4f32.i16.i1(<64 x float> %v36, <4 x float> %v37, i32 0, i32 4, i32 1, i16 224, i32 undef, i1 true)
  %v39 = call <4 x float> @llvm.genx.rdregionf.v4f32.v64f32.i16(<64 x float> %v4, i32 0, i32 4, i32 8, i16 156, i32 undef)
  %v40 = call <64 x float> @llvm.genx.wrregionf.v64f32.v4f32.i16.i1(<64 x float> %v38, <4 x float> %v39, i32 0, i32 4, i32 1, i16 240, i32 undef, i1 true)
  %v6 = shl i32 %v1, 5
  %v7 = shl i32 %v0, 3
  call void @llvm.genx.media.st.v64f32(i32 0, i32 %arg1, i32 0, i32 32, i32 %v6, i32 %v7, <64 x float> %v40)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare i32 @llvm.genx.group.id.y.i32()
declare <64 x float> @llvm.genx.media.ld.v64f32(i32, i32, i32, i32, i32, i32)
declare void @llvm.genx.media.st.v64f32(i32, i32, i32, i32, i32, i32, <64 x float>)
declare <4 x float> @llvm.genx.rdregionf.v4f32.v64f32.i16(<64 x float>, i32, i32, i32, i16, i32)
declare <64 x float> @llvm.genx.wrregionf.v64f32.v4f32.i16.i1(<64 x float>, <4 x float>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, i32)* @transpose8x8, !"transpose8x8", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2}
!2 = !{i32 128, i32 132}
!3 = !{i32 0, i32 0}
!4 = !{!"image2d_media_block_t read_only", !"image2d_media_block_t write_only"}
