define dllexport void @div32(i32 %arg0, i32 %arg1) {
bb0:
  %v0 = call <16 x i32> @llvm.genx.oword.ld.v16i32(i32 0, i32 %arg0, i32 0)
  %v1 = call <16 x i32> @llvm.genx.oword.ld.v16i32(i32 0, i32 %arg0, i32 4)
  %v13 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> undef, <16 x i32> %v0, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v14 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> undef, <16 x i32> %v1, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v15 = call <32 x i32> @__genxc_udiv_i32_x32(<32 x i32> %v13, <32 x i32> %v14)
  %v16 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v15, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v17 = mul <16 x i32> %v16, %v1
  %v3 = sub <16 x i32> %v0, %v17
  %v18 = ashr <16 x i32> %v16, <i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31>
  %v19 = xor <16 x i32> %v16, %v18
  %v20 = sub <16 x i32> %v19, %v18
  %v21 = ashr <16 x i32> %v1, <i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31>
  %v22 = xor <16 x i32> %v1, %v21
  %v23 = sub <16 x i32> %v22, %v21
  %v24 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> undef, <16 x i32> %v20, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v25 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> undef, <16 x i32> %v23, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v26 = call <32 x i32> @__genxc_udiv_i32_x32(<32 x i32> %v24, <32 x i32> %v25)
  %v27 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v26, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v28 = xor <16 x i32> %v18, %v21
  %v29 = xor <16 x i32> %v27, %v28
  %v4 = sub <16 x i32> %v29, %v28
  %v30 = ashr <16 x i32> %v3, <i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31, i32 31>
  %v31 = xor <16 x i32> %v3, %v30
  %v32 = sub <16 x i32> %v31, %v30
  %v33 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> undef, <16 x i32> %v32, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v34 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> undef, <16 x i32> <i32 7, i32 7, i32 3, i32 1000, i32 7, i32 7, i32 3, i32 1000, i32 7, i32 7, i32 3, i32 1000, i32 7, i32 7, i32 3, i32 1000>, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v35 = call <32 x i32> @__genxc_udiv_i32_x32(<32 x i32> %v33, <32 x i32> %v34)
  %v36 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v35, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v37 = mul <16 x i32> %v36, <i32 7, i32 7, i32 3, i32 1000, i32 7, i32 7, i32 3, i32 1000, i32 7, i32 7, i32 3, i32 1000, i32 7, i32 7, i32 3, i32 1000>
  %v38 = sub <16 x i32> %v32, %v37
  %v39 = xor <16 x i32> %v38, %v30
  %v5 = sub <16 x i32> %v39, %v30
  %v6 = add <16 x i32> %v4, %v5
  call void @llvm.genx.oword.st.v16i32(i32 %arg0, i32 8, <16 x i32> %v6)
  %v40 = ashr i32 %arg1, 31
  %v41 = xor i32 %arg1, %v40
  %v42 = sub i32 %v41, %v40
  %v43 = call <32 x i32> @llvm.genx.wrregioni.v32i32.i32.i16.i1(<32 x i32> undef, i32 %v42, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v44 = call <32 x i32> @llvm.genx.wrregioni.v32i32.i32.i16.i1(<32 x i32> undef, i32 10, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v45 = call <32 x i32> @__genxc_udiv_i32_x32(<32 x i32> %v43, <32 x i32> %v44)
  %v46 = call i32 @llvm.genx.rdregioni.i32.v32i32.i16(<32 x i32> %v45, i32 0, i32 1, i32 1, i16 0, i32 undef)
  %v47 = xor i32 %v40, 0
  %v48 = xor i32 %v46, %v47
  %v8 = sub i32 %v48, %v47
  %v49 = call <32 x i32> @llvm.genx.wrregioni.v32i32.i32.i16.i1(<32 x i32> undef, i32 %v8, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v50 = call <32 x i32> @llvm.genx.wrregioni.v32i32.i32.i16.i1(<32 x i32> undef, i32 %arg1, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v51 = call <32 x i32> @__genxc_udiv_i32_x32(<32 x i32> %v49, <32 x i32> %v50)
  %v52 = call i32 @llvm.genx.rdregioni.i32.v32i32.i16(<32 x i32> %v51, i32 0, i32 1, i32 1, i16 0, i32 undef)
  %v53 = mul i32 %v52, %arg1
  %v9 = sub i32 %v8, %v53
  %v10 = add i32 %v8, %v9
  %v11 = call <16 x i32> @llvm.genx.wrregioni.v16i32.i32.i16.i1(<16 x i32> %v6, i32 %v10, i32 0, i32 1, i32 1, i16 12, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v16i32(i32 %arg0, i32 12, <16 x i32> %v11)
  ret void
}

define internal <32 x i32> @__genxc_udiv_i32_x32(<32 x i32> %arg0, <32 x i32> %arg1) {
bb0:
  %v0 = udiv <32 x i32> %arg0, %arg1
  ret <32 x i32> %v0
}

declare <16 x i32> @llvm.genx.oword.ld.v16i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16i32(i32, i32, <16 x i32>)
declare i32 @llvm.genx.rdregioni.i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare <16 x i32> @llvm.genx.wrregioni.v16i32.i32.i16.i1(<16 x i32>, i32, i32, i32, i32, i16, i32, i1)
declare <32 x i32> @llvm.genx.wrregioni.v32i32.i32.i16.i1(<32 x i32>, i32, i32, i32, i32, i16, i32, i1)
declare <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32>, <16 x i32>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, i32)* @div32, !"div32", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 0}
!2 = !{i32 128, i32 132}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t read_write", !""}
