define dllexport void @simd32_alu(i32 %arg0, i32 %arg1) {
bb0:
  %v0 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg0, i32 0)
  %v1 = call <32 x float> @llvm.genx.oword.ld.v32f32(i32 0, i32 %arg0, i32 8)
  %v2 = call <32 x i32> @llvm.genx.oword.ld.v32i32(i32 0, i32 %arg0, i32 16)
  %v3 = call <32 x i32> @llvm.genx.oword.ld.v32i32(i32 0, i32 %arg0, i32 24)
  %v5 = call <32 x float> @llvm.fmuladd.v32f32(<32 x float> %v0, <32 x float> %v1, <32 x float> %v0)
  %v6 = call <32 x float> @llvm.genx.fmax.v32f32.v32f32.v32f32(<32 x float> %v5, <32 x float> %v1)
  %v7 = call <32 x float> @llvm.genx.rsqrt.v32f32.v32f32(<32 x float> %v6)
  %v8 = fcmp olt <32 x float> %v7, %v0
  %v9 = select <32 x i1> %v8, <32 x float> %v7, <32 x float> %v0
  %v10 = shl <32 x i32> %v2, <i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2, i32 2>
  %v11 = xor <32 x i32> %v10, %v3
  %v12 = call <32 x i32> @llvm.genx.smin.v32i32.v32i32.v32i32(<32 x i32> %v11, <32 x i32> %v2)
  %v13 = or <32 x i32> %v3, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %v14 = call <32 x i32> @__genxc_udiv_i32_x32(<32 x i32> %v12, <32 x i32> %v13)
  %v27 = ashr <32 x i32> %v2, <i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31>
  %v28 = xor <32 x i32> %v2, %v27
  %v29 = sub <32 x i32> %v28, %v27
  %v30 = ashr <32 x i32> %v13, <i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31>
  %v31 = xor <32 x i32> %v13, %v30
  %v32 = sub <32 x i32> %v31, %v30
  %v33 = call <32 x i32> @__genxc_udiv_i32_x32(<32 x i32> %v29, <32 x i32> %v32)
  %v34 = mul <32 x i32> %v33, %v32
  %v35 = sub <32 x i32> %v29, %v34
  %v36 = xor <32 x i32> %v35, %v27
  %v15 = sub <32 x i32> %v36, %v27
  %v16 = add <32 x i32> %v14, %v15
  %v17 = fptosi <32 x float> %v9 to <32 x i32>
  %v18 = sub <32 x i32> %v16, %v17
  %v19 = trunc <32 x i32> %v18 to <32 x i16>
  %v20 = mul <32 x i16> %v19, %v19
  %v21 = fptrunc <32 x float> %v9 to <32 x half>
  %v22 = fmul <32 x half> %v21, %v21
  %v23 = fpext <32 x half> %v22 to <32 x float>
  call void @llvm.genx.oword.st.v32f32(i32 %arg1, i32 0, <32 x float> %v23)
  call void @llvm.genx.oword.st.v32i32(i32 %arg1, i32 8, <32 x i32> %v18)
  call void @llvm.genx.oword.st.v32i16(i32 %arg1, i32 16, <32 x i16> %v20)
  ret void
}

define internal <32 x i32> @__genxc_udiv_i32_x32(<32 x i32> %arg0, <32 x i32> %arg1) {
bb0:
  %v0 = udiv <32 x i32> %arg0, %arg1
  ret <32 x i32> %v0
}

declare <32 x float> @llvm.fmuladd.v32f32(<32 x float>, <32 x float>, <32 x float>)
declare <32 x float> @llvm.genx.fmax.v32f32.v32f32.v32f32(<32 x float>, <32 x float>)
declare <32 x float> @llvm.genx.oword.ld.v32f32(i32, i32, i32)
declare <32 x i32> @llvm.genx.oword.ld.v32i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v32f32(i32, i32, <32 x float>)
declare void @llvm.genx.oword.st.v32i16(i32, i32, <32 x i16>)
declare void @llvm.genx.oword.st.v32i32(i32, i32, <32 x i32>)
declare <32 x float> @llvm.genx.rsqrt.v32f32.v32f32(<32 x float>)
declare <32 x i32> @llvm.genx.smin.v32i32.v32i32.v32i32(<32 x i32>, <32 x i32>)

!genx.kernels = !{!0}
!0 = !{void (i32, i32)* @simd32_alu, !"simd32_alu", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2}
!2 = !{i32 128, i32 132}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t", !"buffer_t"}
