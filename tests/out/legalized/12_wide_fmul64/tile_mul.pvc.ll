define dllexport void @tile_mul(i32 %arg0, i32 %arg1, i32 %arg2) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 4
  %v2 = add i32 %v1, 8
  %v3 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg0, i32 %v1)
  %v4 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg0, i32 %v2)
  %v5 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg1, i32 %v1)
  %v6 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg1, i32 %v2)
  %v7 = call <64 x float> @llvm.genx.wrregionf.v64f32.v32f32.i16.i1(<64 x float> undef, <32 x float> %v3, i32 0, i32 32, i32 1, i16 0, i32 undef, i1 true)
  %v8 = call <64 x float> @llvm.genx.wrregionf.v64f32.v32f32.i16.i1(<64 x float> %v7, <32 x float> %v4, i32 0, i32 32, i32 1, i16 128, i32 undef, i1 true)
  %v9 = call <64 x float> @llvm.genx.wrregionf.v64f32.v32f32.i16.i1(<64 x float> undef, <32 x float> %v5, i32 0, i32 32, i32 1, i16 0, i32 undef, i1 true)
  %v10 = call <64 x float> @llvm.genx.wrregionf.v64f32.v32f32.i16.i1(<64 x float> %v9, <32 x float> %v6, i32 0, i32 32, i32 1, i16 128, i32 undef, i1 true)
  %v16 = call <32 x float> @llvm.genx.rdregionf.v32f32.v64f32.i16(<64 x float> %v8, i32 0, i32 32, i32 1, i16 0, i32 undef)
  %v17 = call <32 x float> @llvm.genx.rdregionf.v32f32.v64f32.i16(<64 x float> %v10, i32 0, i32 32, i32 1, i16 0, i32 undef)
  %v18 = fmul <32 x float> %v16, %v17
  %v19 = call <64 x float> @llvm.genx.wrregionf.v64f32.v32f32.i16.i1(<64 x float> undef, <32 x float> %v18, i32 0, i32 32, i32 1, i16 0, i32 undef, i1 true)
  %v20 = call <32 x float> @llvm.genx.rdregionf.v32f32.v64f32.i16(<64 x float> %v8, i32 0, i32 32, i32 1, i16 128, i32 undef)
  %v21 = call <32 x float> @llvm.genx.rdregionf.v32f32.v64f32.i16(<64 x float> %v10, i32 0, i32 32, i32 1, i16 128, i32 undef)
  %v22 = fmul <32 x float> %v20, %v21
  %v23 = call <64 x float> @llvm.genx.wrregionf.v64f32.v32f32.i16.i1(<64 x float> %v19, <32 x float> %v22, i32 0, i32 32, i32 1, i16 128, i32 undef, i1 true)
  %v12 = call <32 x float> @llvm.genx.rdregionf.v32f32.v64f32.i16(<64 x float> %v23, i32 0, i32 32, i32 1, i16 0, i32 undef)
  %v13 = call <32 x float> @llvm.genx.rdregionf.v32f32.v64f32.i16(<64 x float> %v23, i32 0, i32 32, i32 1, i16 128, i32 undef)
  call void @llvm.genx.oword.st.v32f32(i32 %arg2, i32 %v1, <32 x float> %v12)
  call void @llvm.genx.oword.st.v32f32(i32 %arg2, i32 %v2, <32 x float> %v13)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <32 x float> @llvm.genx.oword.ld.v32f32(i32, i32, i32)
declare void @llvm.genx.oword.st.v32f32(i32, i32, <32 x float>)
declare <32 x float> @llvm.genx.rdregionf.v32f32.v64f32.i16(<64 x float>, i32, i32, i32, i16, i32)
declare <64 x float> @llvm.genx.wrregionf.v64f32.v32f32.i16.i1(<64 x float>, <32 x float>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, i32, i32)* @tile_mul, !"tile_mul", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2, i32 2}
!2 = !{i32 128, i32 132, i32 136}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"buffer_t read_only", !"buffer_t read_only", !"buffer_t write_only"}
