define dllexport void @simd_dowhile_exit(i32 %arg0, i32 %arg1) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 2
  %v2 = call <16 x i32> @llvm.genx.oword.ld.v16i32(i32 0, i32 %arg0, i32 %v1)
  br label %bb1
bb1:
  %v3 = phi <16 x i32> [ %v2, %bb0 ], [ %v8, %bb2 ]
  %v4 = phi <16 x i1> [ <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>, %bb0 ], [ %v14, %bb2 ]
  %v5 = phi <32 x i1> [ <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, %bb0 ], [ %v13, %bb2 ]
  %v6 = sub <16 x i32> %v3, <i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3>
  %v7 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v5, i32 0)
  %v8 = select <16 x i1> %v7, <16 x i32> %v6, <16 x i32> %v3
  %v9 = icmp sgt <16 x i32> %v6, <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %v10 = xor <16 x i1> %v9, <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>
  %v11 = xor <16 x i1> %v10, <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>
  %v12 = call { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v16i1.v16i1(<32 x i1> %v5, <16 x i1> %v4, <16 x i1> %v11)
  %v13 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v12, 0
  %v14 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v12, 1
  %v15 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v12, 2
  br i1 %v15, label %bb3, label %bb2
bb2:
  br label %bb1
bb3:
  %v16 = phi <16 x i32> [ %v6, %bb1 ]
  %v17 = call { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v16i1(<32 x i1> %v13, <16 x i1> %v14)
  %v18 = extractvalue { <32 x i1>, i1 } %v17, 0
  %v19 = extractvalue { <32 x i1>, i1 } %v17, 1
  br label %bb4
bb4:
  %v20 = mul <16 x i32> %v16, %v16
  %v21 = add <16 x i32> %v20, %v6
  call void @llvm.genx.oword.st.v16i32(i32 %arg1, i32 %v1, <16 x i32> %v21)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <16 x i32> @llvm.genx.oword.ld.v16i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16i32(i32, i32, <16 x i32>)
declare <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1>, i32)
declare { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v16i1.v16i1(<32 x i1>, <16 x i1>, <16 x i1>)
declare { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v16i1(<32 x i1>, <16 x i1>)

!genx.kernels = !{!0}
!0 = !{void (i32, i32)* @simd_dowhile_exit, !"simd_dowhile_exit", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2}
!2 = !{i32 64, i32 68}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t read_only", !"buffer_t write_only"}
