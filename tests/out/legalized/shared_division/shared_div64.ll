define dllexport void @shared_div64(i32 %arg0, i64 %arg1, i64 %arg2) {
bb0:
  %v0 = call <8 x i64> @llvm.genx.oword.ld.v8i64(i32 0, i32 %arg0, i32 0)
  %v1 = call <8 x i64> @llvm.genx.oword.ld.v8i64(i32 0, i32 %arg0, i32 4)
  %v2 = or <8 x i64> %v1, <i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1>
  %v20 = ashr <8 x i64> %v0, <i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63>
  %v21 = xor <8 x i64> %v0, %v20
  %v22 = sub <8 x i64> %v21, %v20
  %v23 = ashr <8 x i64> %v2, <i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63>
  %v24 = xor <8 x i64> %v2, %v23
  %v25 = sub <8 x i64> %v24, %v23
  %v26 = call <16 x i64> @__genxc_udivrem_i64_x8(<8 x i64> %v22, <8 x i64> %v25)
  %v27 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v26, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v28 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v26, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v29 = xor <8 x i64> %v20, %v23
  %v30 = xor <8 x i64> %v27, %v29
  %v3 = sub <8 x i64> %v30, %v29
  %v31 = xor <8 x i64> %v28, %v20
  %v4 = sub <8 x i64> %v31, %v20
  %v32 = call <16 x i64> @__genxc_udivrem_i64_x8(<8 x i64> %v3, <8 x i64> <i64 3, i64 -3, i64 10000000019, i64 7, i64 -9223372036854775807, i64 5, i64 1000, i64 -1>)
  %v66 = bitcast <16 x i64> %v32 to <32 x i32>
  %v67 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v66, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v33 = bitcast <16 x i32> %v67 to <8 x i64>
  %v34 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v32, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v6 = add <8 x i64> %v4, %v34
  %v7 = xor <8 x i64> %v6, %v3
  call void @llvm.genx.oword.st.v8i64(i32 %arg0, i32 8, <8 x i64> %v7)
  %v68 = bitcast <8 x i64> %v0 to <16 x i32>
  %v69 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %v68, i32 0, i32 8, i32 1, i16 32, i32 undef)
  %v9 = bitcast <8 x i32> %v69 to <4 x i64>
  %v70 = bitcast <8 x i64> %v2 to <16 x i32>
  %v71 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32> %v70, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v10 = bitcast <8 x i32> %v71 to <4 x i64>
  %v35 = ashr <4 x i64> %v9, <i64 63, i64 63, i64 63, i64 63>
  %v36 = xor <4 x i64> %v9, %v35
  %v37 = sub <4 x i64> %v36, %v35
  %v38 = ashr <4 x i64> %v10, <i64 63, i64 63, i64 63, i64 63>
  %v39 = xor <4 x i64> %v10, %v38
  %v40 = sub <4 x i64> %v39, %v38
  %v41 = call <8 x i64> @llvm.genx.wrregioni.v8i64.v4i64.i16.i1(<8 x i64> undef, <4 x i64> %v37, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
  %v42 = call <8 x i64> @llvm.genx.wrregioni.v8i64.v4i64.i16.i1(<8 x i64> undef, <4 x i64> %v40, i32 0, i32 4, i32 1, i16 0, i32 undef, i1 true)
  %v43 = call <16 x i64> @__genxc_udivrem_i64_x8(<8 x i64> %v41, <8 x i64> %v42)
  %v44 = call <4 x i64> @llvm.genx.rdregioni.v4i64.v16i64.i16(<16 x i64> %v43, i32 0, i32 4, i32 1, i16 0, i32 undef)
  %v72 = bitcast <16 x i64> %v43 to <32 x i32>
  %v73 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %v72, i32 0, i32 8, i32 1, i16 64, i32 undef)
  %v45 = bitcast <8 x i32> %v73 to <4 x i64>
  %v46 = xor <4 x i64> %v35, %v38
  %v47 = xor <4 x i64> %v44, %v46
  %v11 = sub <4 x i64> %v47, %v46
  %v12 = or i64 %arg2, 1
  %v48 = ashr i64 %arg1, 63
  %v49 = xor i64 %arg1, %v48
  %v50 = sub i64 %v49, %v48
  %v51 = ashr i64 %v12, 63
  %v52 = xor i64 %v12, %v51
  %v53 = sub i64 %v52, %v51
  %v54 = call <8 x i64> @llvm.genx.wrregioni.v8i64.i64.i16.i1(<8 x i64> undef, i64 %v50, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v55 = call <8 x i64> @llvm.genx.wrregioni.v8i64.i64.i16.i1(<8 x i64> undef, i64 %v53, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v56 = call <16 x i64> @__genxc_udivrem_i64_x8(<8 x i64> %v54, <8 x i64> %v55)
  %v57 = call i64 @llvm.genx.rdregioni.i64.v16i64.i16(<16 x i64> %v56, i32 0, i32 1, i32 1, i16 0, i32 undef)
  %v58 = call i64 @llvm.genx.rdregioni.i64.v16i64.i16(<16 x i64> %v56, i32 0, i32 1, i32 1, i16 64, i32 undef)
  %v59 = xor i64 %v48, %v51
  %v60 = xor i64 %v57, %v59
  %v13 = sub i64 %v60, %v59
  %v61 = call <8 x i64> @llvm.genx.wrregioni.v8i64.i64.i16.i1(<8 x i64> undef, i64 %arg1, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v62 = call <8 x i64> @llvm.genx.wrregioni.v8i64.i64.i16.i1(<8 x i64> undef, i64 -10, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v63 = call <16 x i64> @__genxc_udivrem_i64_x8(<8 x i64> %v61, <8 x i64> %v62)
  %v64 = call i64 @llvm.genx.rdregioni.i64.v16i64.i16(<16 x i64> %v63, i32 0, i32 1, i32 1, i16 0, i32 undef)
  %v65 = call i64 @llvm.genx.rdregioni.i64.v16i64.i16(<16 x i64> %v63, i32 0, i32 1, i32 1, i16 64, i32 undef)
  %v15 = add i64 %v13, %v65
  %v16 = call <4 x i64> @llvm.genx.wrregioni.v4i64.i64.i16.i1(<4 x i64> undef, i64 %v15, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v17 = call <4 x i64> @llvm.genx.rdregioni.v4i64.v4i64.i16(<4 x i64> %v16, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v18 = add <4 x i64> %v11, %v17
  call void @llvm.genx.oword.st.v4i64(i32 %arg0, i32 16, <4 x i64> %v18)
  ret void
}

define internal <16 x i64> @__genxc_udivrem_i64_x8(<8 x i64> %arg0, <8 x i64> %arg1) {
bb0:
  br label %bb1
bb1:
  %v0 = phi <8 x i64> [ %arg0, %bb0 ], [ %v11, %bb1 ]
  %v1 = phi <8 x i64> [ <i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0>, %bb0 ], [ %v9, %bb1 ]
  %v2 = phi i32 [ 64, %bb0 ], [ %v12, %bb1 ]
  %v3 = lshr <8 x i64> %v0, <i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63>
  %v4 = shl <8 x i64> %v1, <i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1>
  %v5 = or <8 x i64> %v4, %v3
  %v6 = shl <8 x i64> %v0, <i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1>
  %v7 = icmp uge <8 x i64> %v5, %arg1
  %v8 = sub <8 x i64> %v5, %arg1
  %v9 = select <8 x i1> %v7, <8 x i64> %v8, <8 x i64> %v5
  %v10 = or <8 x i64> %v6, <i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1>
  %v11 = select <8 x i1> %v7, <8 x i64> %v10, <8 x i64> %v6
  %v12 = sub i32 %v2, 1
  %v13 = icmp ne i32 %v12, 0
  br i1 %v13, label %bb1, label %bb2
bb2:
  %v16 = bitcast <8 x i64> %v11 to <16 x i32>
  %v17 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> undef, <16 x i32> %v16, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v14 = bitcast <32 x i32> %v17 to <16 x i64>
  %v18 = bitcast <8 x i64> %v9 to <16 x i32>
  %v19 = bitcast <16 x i64> %v14 to <32 x i32>
  %v20 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> %v19, <16 x i32> %v18, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  %v15 = bitcast <32 x i32> %v20 to <16 x i64>
  ret <16 x i64> %v15
}

declare <8 x i64> @llvm.genx.oword.ld.v8i64(i32, i32, i32)
declare void @llvm.genx.oword.st.v4i64(i32, i32, <4 x i64>)
declare void @llvm.genx.oword.st.v8i64(i32, i32, <8 x i64>)
declare i64 @llvm.genx.rdregioni.i64.v16i64.i16(<16 x i64>, i32, i32, i32, i16, i32)
declare <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare <4 x i64> @llvm.genx.rdregioni.v4i64.v16i64.i16(<16 x i64>, i32, i32, i32, i16, i32)
declare <4 x i64> @llvm.genx.rdregioni.v4i64.v4i64.i16(<4 x i64>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64>, i32, i32, i32, i16, i32)
declare <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32>, <16 x i32>, i32, i32, i32, i16, i32, i1)
declare <4 x i64> @llvm.genx.wrregioni.v4i64.i64.i16.i1(<4 x i64>, i64, i32, i32, i32, i16, i32, i1)
declare <8 x i64> @llvm.genx.wrregioni.v8i64.i64.i16.i1(<8 x i64>, i64, i32, i32, i32, i16, i32, i1)
declare <8 x i64> @llvm.genx.wrregioni.v8i64.v4i64.i16.i1(<8 x i64>, <4 x i64>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, i64, i64)* @shared_div64, !"shared_div64", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 0, i32 0}
!2 = !{i32 64, i32 72, i32 80}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"buffer_t read_write", !"", !""}
