define dllexport void @out_modify(i32 %arg0, <8 x i32> %arg1, float %arg2) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 2
  %v2 = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %arg0, i32 %v1)
  %v3 = add <8 x i32> %arg1, %v2
  %v4 = call <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32> %v3, i32 %v0, i32 0, i32 1, i32 1, i16 8, i32 undef, i1 true)
  %v5 = fmul float %arg2, 0x4000000000000000
  %v6 = fadd float %arg2, %v5
  %v7 = call <8 x float> @llvm.genx.wrregionf.v8f32.f32.i16.i1(<8 x float> undef, float %v6, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v8 = call <8 x float> @llvm.genx.rdregionf.v8f32.v8f32.i16(<8 x float> %v7, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v9 = add i32 %v1, 2
  call void @llvm.genx.oword.st.v8i32(i32 %arg0, i32 %v1, <8 x i32> %v4)
  call void @llvm.genx.oword.st.v8f32(i32 %arg0, i32 %v9, <8 x float> %v8)
  call void @llvm.genx.output.1.v8i32(<8 x i32> %v4, i32 1)
  call void @llvm.genx.output.1.f32(float %v5, i32 2)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare void @llvm.genx.output.1.f32(float, i32)
declare void @llvm.genx.output.1.v8i32(<8 x i32>, i32)
declare <8 x i32> @llvm.genx.oword.ld.v8i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v8f32(i32, i32, <8 x float>)
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)
declare <8 x float> @llvm.genx.rdregionf.v8f32.v8f32.i16(<8 x float>, i32, i32, i32, i16, i32)
declare <8 x float> @llvm.genx.wrregionf.v8f32.f32.i16.i1(<8 x float>, float, i32, i32, i32, i16, i32, i1)
declare <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32>, i32, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, <8 x i32>, float)* @out_modify, !"out_modify", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 0, i32 0}
!2 = !{i32 128, i32 132, i32 164}
!3 = !{i32 0, i32 3, i32 3}
!4 = !{!"buffer_t read_write", !"", !""}
