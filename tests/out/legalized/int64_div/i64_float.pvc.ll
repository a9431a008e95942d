define dllexport void @i64_float(i32 %arg0) {
bb0:
  %v0 = call <8 x i64> @llvm.genx.oword.ld.v8i64(i32 0, i32 %arg0, i32 0)
  %v1 = call <8 x float> @llvm.genx.oword.ld.v8f32(i32 0, i32 %arg0, i32 4)
  %v2 = call <16 x half> @llvm.genx.oword.ld.v16f16(i32 0, i32 %arg0, i32 6)
  %v3 = sitofp <8 x i64> %v0 to <8 x float>
  %v4 = uitofp <8 x i64> %v0 to <8 x float>
  %v5 = fadd <8 x float> %v3, %v4
  call void @llvm.genx.oword.st.v8f32(i32 %arg0, i32 8, <8 x float> %v5)
  %v7 = sitofp <8 x i64> %v0 to <8 x half>
  %v8 = uitofp <8 x i64> %v0 to <8 x half>
  %v19 = call <8 x half> @llvm.genx.rdregionf.v8f16.v8f16.i16(<8 x half> %v7, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v20 = call <16 x half> @llvm.genx.wrregionf.v16f16.v8f16.i16.i1(<16 x half> undef, <8 x half> %v19, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v21 = call <8 x half> @llvm.genx.rdregionf.v8f16.v8f16.i16(<8 x half> %v8, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v9 = call <16 x half> @llvm.genx.wrregionf.v16f16.v8f16.i16.i1(<16 x half> %v20, <8 x half> %v21, i32 0, i32 8, i32 1, i16 16, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v16f16(i32 %arg0, i32 10, <16 x half> %v9)
  %v11 = fptosi <8 x float> %v1 to <8 x i64>
  %v12 = fptoui <8 x float> %v1 to <8 x i64>
  %v13 = fptosi <16 x half> %v2 to <16 x i64>
  %v14 = fptoui <16 x half> %v2 to <16 x i64>
  %v22 = bitcast <8 x i64> %v11 to <16 x i32>
  %v23 = bitcast <8 x i64> %v12 to <16 x i32>
  %v24 = xor <16 x i32> %v22, %v23
  %v15 = bitcast <16 x i32> %v24 to <8 x i64>
  %v16 = add <16 x i64> %v13, %v14
  call void @llvm.genx.oword.st.v8i64(i32 %arg0, i32 12, <8 x i64> %v15)
  call void @llvm.genx.oword.st.v16i64(i32 %arg0, i32 16, <16 x i64> %v16)
  ret void
}

declare <16 x half> @llvm.genx.oword.ld.v16f16(i32, i32, i32)
declare <8 x float> @llvm.genx.oword.ld.v8f32(i32, i32, i32)
declare <8 x i64> @llvm.genx.oword.ld.v8i64(i32, i32, i32)
declare void @llvm.genx.oword.st.v16f16(i32, i32, <16 x half>)
declare void @llvm.genx.oword.st.v16i64(i32, i32, <16 x i64>)
declare void @llvm.genx.oword.st.v8f32(i32, i32, <8 x float>)
declare void @llvm.genx.oword.st.v8i64(i32, i32, <8 x i64>)
declare <8 x half> @llvm.genx.rdregionf.v8f16.v8f16.i16(<8 x half>, i32, i32, i32, i16, i32)
declare <16 x half> @llvm.genx.wrregionf.v16f16.v8f16.i16.i1(<16 x half>, <8 x half>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32)* @i64_float, !"i64_float", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 128}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
