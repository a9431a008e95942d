define dllexport void @casts_half(i32 %arg0, float %arg1) {
bb0:
  %v0 = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 254, i32 %arg0)
  %v1 = sitofp <8 x i32> %v0 to <8 x float>
  %v2 = uitofp <8 x i32> %v0 to <8 x float>
  %v3 = fadd <8 x float> %v1, %v2
  %v4 = fneg <8 x float> %v3
  %v5 = fdiv <8 x float> %v4, <float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000, float 0x4008000000000000>
  %v6 = fptrunc <8 x float> %v5 to <8 x half>
  %v7 = fadd <8 x half> %v6, %v6
  %v8 = fpext <8 x half> %v7 to <8 x float>
  %v9 = fptosi <8 x float> %v8 to <8 x i32>
  %v10 = fptoui <8 x float> %v8 to <8 x i32>
  %v11 = trunc <8 x i32> %v9 to <8 x i16>
  %v12 = zext <8 x i16> %v11 to <8 x i32>
  %v13 = sext <8 x i16> %v11 to <8 x i32>
  %v14 = add <8 x i32> %v12, %v13
  %v15 = add <8 x i32> %v14, %v10
  call void @llvm.genx.oword.st.v8i32(i32 254, i32 %arg0, <8 x i32> %v15)
  %v17 = bitcast <8 x i32> %v15 to <8 x float>
  %v18 = fmul <8 x float> %v17, %v8
  call void @llvm.genx.oword.st.v8f32(i32 254, i32 %arg0, <8 x float> %v18)
  %v22 = call <8 x half> @llvm.genx.rdregionf.v8f16.v8f16.i16(<8 x half> %v7, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v23 = call <16 x half> @llvm.genx.wrregionf.v16f16.v8f16.i16.i1(<16 x half> undef, <8 x half> %v22, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v24 = call <8 x half> @llvm.genx.rdregionf.v8f16.v8f16.i16(<8 x half> %v6, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v20 = call <16 x half> @llvm.genx.wrregionf.v16f16.v8f16.i16.i1(<16 x half> %v23, <8 x half> %v24, i32 0, i32 8, i32 1, i16 16, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v16f16(i32 254, i32 %arg0, <16 x half> %v20)
  ret void
}

declare <8 x i32> @llvm.genx.oword.ld.v8i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16f16(i32, i32, <16 x half>)
declare void @llvm.genx.oword.st.v8f32(i32, i32, <8 x float>)
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)
declare <8 x half> @llvm.genx.rdregionf.v8f16.v8f16.i16(<8 x half>, i32, i32, i32, i16, i32)
declare <16 x half> @llvm.genx.wrregionf.v16f16.v8f16.i16.i1(<16 x half>, <8 x half>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, float)* @casts_half, !"casts_half", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 0, i32 0}
!2 = !{i32 64, i32 68}
!3 = !{i32 0, i32 0}
!4 = !{!"", !""}
